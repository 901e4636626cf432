// An independent check of a solution against the rules, sharing no code with any engine.
import { DIRECTION_STEPS, type ArrowPathPuzzle, type ArrowPathSolution } from './model/arrowpath.js';
import { colourClueOfLine, type ColourClue, type ColourNonogramPuzzle, type ColourNonogramSolution } from './model/colour-nonogram.js';
import { FILLED, EMPTY, clueOfLine, columnOf, rowOf, type NonogramPuzzle, type NonogramSolution } from './model/nonogram.js';
import type { Puzzle, Solution } from './model/puzzle.js';

export type VerifyResult = { readonly ok: true } | { readonly ok: false; readonly problems: readonly string[] };

const MAX_PROBLEMS = 20;

function result(problems: string[]): VerifyResult {
  return problems.length === 0 ? { ok: true } : { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
}

const sameClue = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** A clue as the input contract reads it: zero blocks mean nothing (`[0]` is an empty line). */
const blocksOf = (clue: readonly number[] | undefined) => (clue ?? []).filter((block) => block !== 0);

export function verifyNonogram(puzzle: NonogramPuzzle, solution: NonogramSolution): VerifyResult {
  const problems: string[] = [];
  const { width, height } = puzzle;
  if (solution.width !== width || solution.height !== height || solution.cells.length !== width * height) {
    return result([`solution is ${solution.width}x${solution.height}, puzzle is ${width}x${height}`]);
  }
  for (let i = 0; i < solution.cells.length; i++) {
    const v = solution.cells[i];
    if (v !== FILLED && v !== EMPTY) problems.push(`cell ${i} holds ${String(v)}, not 0 or 1`);
  }
  for (let r = 0; r < height; r++) {
    const got = clueOfLine(rowOf(solution, r));
    const want = blocksOf(puzzle.rows[r]);
    if (!sameClue(got, want)) problems.push(`row ${r + 1}: clue ${want.join(' ') || '0'}, grid gives ${got.join(' ') || '0'}`);
  }
  for (let c = 0; c < width; c++) {
    const got = clueOfLine(columnOf(solution, c));
    const want = blocksOf(puzzle.columns[c]);
    if (!sameClue(got, want)) problems.push(`column ${c + 1}: clue ${want.join(' ') || '0'}, grid gives ${got.join(' ') || '0'}`);
  }
  // Givens null or undefined: none, as in the input contract.
  for (const g of puzzle.givens ?? []) {
    const v = solution.cells[g.row * width + g.col];
    if ((v === FILLED) !== g.filled) problems.push(`row ${g.row + 1} column ${g.col + 1} is given ${g.filled ? 'filled' : 'empty'}`);
  }
  return result(problems);
}

const showBlocks = (clue: ColourClue, names: readonly string[]) =>
  clue.length === 0 ? '0' : clue.map((b) => `${b.length}${names[b.colour] ?? `#${b.colour}`}`).join(' ');

/** Check a colour grid: every cell a palette index, every line's runs of one colour its clue, the givens kept. */
export function verifyColourNonogram(puzzle: ColourNonogramPuzzle, solution: ColourNonogramSolution): VerifyResult {
  const { width, height } = puzzle;
  if (solution.width !== width || solution.height !== height || solution.cells.length !== width * height) {
    return result([`solution is ${solution.width}x${solution.height}, puzzle is ${width}x${height}`]);
  }
  const problems: string[] = [];
  const names = puzzle.palette.map((c) => c.name);
  for (let i = 0; i < solution.cells.length; i++) {
    const v = solution.cells[i]!;
    if (v >= names.length) problems.push(`cell ${i} holds colour ${v}; the palette has ${names.length}`);
  }
  const check = (want: ColourClue | undefined, line: Uint8Array, label: string) => {
    const got = colourClueOfLine(line);
    // Zero-length blocks mean nothing, as in the input contract.
    const wanted = (want ?? []).filter((b) => b.length !== 0);
    const same = got.length === wanted.length && got.every((b, i) => b.length === wanted[i]!.length && b.colour === wanted[i]!.colour);
    if (!same) problems.push(`${label}: clue ${showBlocks(wanted, names)}, grid gives ${showBlocks(got, names)}`);
  };
  for (let r = 0; r < height; r++) check(puzzle.rows[r], solution.cells.subarray(r * width, (r + 1) * width), `row ${r + 1}`);
  for (let c = 0; c < width; c++) {
    const column = new Uint8Array(height);
    for (let r = 0; r < height; r++) column[r] = solution.cells[r * width + c]!;
    check(puzzle.columns[c], column, `column ${c + 1}`);
  }
  for (const g of puzzle.givens ?? []) {
    const v = solution.cells[g.row * width + g.col];
    if (v !== g.colour) problems.push(`row ${g.row + 1} column ${g.col + 1} is given ${names[g.colour] ?? g.colour}, grid has ${names[v!] ?? v}`);
  }
  return result(problems);
}

export function verifyArrowPath(puzzle: ArrowPathPuzzle, solution: ArrowPathSolution): VerifyResult {
  const { width, height } = puzzle;
  const n = width * height;
  if (solution.width !== width || solution.height !== height || solution.numbers.length !== n) {
    return result([`solution is ${solution.width}x${solution.height}, puzzle is ${width}x${height}`]);
  }
  const problems: string[] = [];
  const cellOf = new Array<number>(n + 1).fill(-1);
  for (let i = 0; i < n; i++) {
    const v = solution.numbers[i]!;
    if (!Number.isInteger(v) || v < 1 || v > n) problems.push(`cell ${i} holds ${v}, outside 1..${n}`);
    else if (cellOf[v] !== -1) problems.push(`number ${v} appears twice`);
    else cellOf[v] = i;
    const given = puzzle.givens?.[i] ?? 0;
    if (given !== 0 && given !== v) problems.push(`cell ${i} is given ${given} but holds ${v}`);
  }
  if (problems.length > 0) return result(problems);
  for (let k = 1; k < n; k++) {
    const from = cellOf[k]!;
    const to = cellOf[k + 1]!;
    const arrow = puzzle.arrows[from];
    if (arrow === null || arrow === undefined) {
      problems.push(`${k} is in a cell without an arrow`);
      continue;
    }
    // Walk the ray step by step: deliberately a different computation from the model's helpers.
    const [dr, dc] = DIRECTION_STEPS[arrow];
    let r = Math.floor(from / width);
    let c = from % width;
    let found = false;
    for (;;) {
      r += dr;
      c += dc;
      if (r < 0 || r >= height || c < 0 || c >= width) break;
      if (r * width + c === to) {
        found = true;
        break;
      }
    }
    if (!found) problems.push(`${k + 1} is not on the ${arrow} arrow of ${k}`);
  }
  return result(problems);
}

/** Check any solution against its puzzle. Kinds must match. */
export function verify(puzzle: Puzzle, solution: Solution): VerifyResult {
  if (puzzle.kind === 'nonogram') {
    if (!('cells' in solution)) return result(['an arrow-path solution cannot solve a nonogram']);
    return verifyNonogram(puzzle, solution);
  }
  if (puzzle.kind === 'colour-nonogram') {
    if (!('cells' in solution)) return result(['an arrow-path solution cannot solve a colour nonogram']);
    return verifyColourNonogram(puzzle, solution);
  }
  if (!('numbers' in solution)) return result(['a nonogram solution cannot solve an arrow path']);
  return verifyArrowPath(puzzle, solution);
}
