// Simon Tatham's Signpost game IDs, one per line:
//
//   WxH:CELLS           (`WxHc:` is read too: the `c` flag only matters to the generator)
//
// CELLS lists the W*H cells row-major, each an optional given number followed by a letter
// a..h = N, NE, E, SE, S, SW, W, NW. The cell given N (= W*H) carries a letter that means
// nothing: it is read as "no arrow". The writer writes `a` for a cell without an arrow, and
// a cell without an arrow must be given N (that is how the format marks it).
// Note: a cell given N that has an arrow in the model is written with its letter, and so
// reads back without one; the arrow of the last number never matters to a solution.
import { DIRECTIONS, type ArrowPathPuzzle, type Direction } from '../model/arrowpath.js';
import type { Puzzle } from '../model/puzzle.js';
import { fail, type SourceRef } from './errors.js';
import { cellLabel, quote } from './text.js';
import { readGameIds } from './tatham-id.js';
import { validateArrowPath } from './validate.js';
import { OUTPUT, requireKind, requireSome } from './write-helpers.js';

const LETTERS = 'abcdefgh';

export function readSignpost(text: string, source: SourceRef): Puzzle[] {
  return readGameIds(text, 'Signpost', /^c?$/, source).map(({ width, height, desc, line }) => {
    const n = width * height;
    const arrows: (Direction | null)[] = [];
    const givens: number[] = [];
    let k = 0;
    while (k < desc.length) {
      const cell = givens.length;
      if (cell >= n) {
        fail('size-mismatch', `a ${width}x${height} Signpost ID has ${n} cells; ${quote(desc.slice(k), 20)} is left over after them`, source, line);
      }
      let digits = '';
      while (k < desc.length && desc[k]! >= '0' && desc[k]! <= '9') digits += desc[k++];
      const letter = desc[k];
      if (letter === undefined) {
        fail('bad-direction', `cell ${cell + 1} ${cellLabel(width, cell)} has the number ${digits} but no direction letter after it`, source, line);
      }
      const dir = LETTERS.indexOf(letter);
      if (dir < 0) {
        fail('bad-direction', `cell ${cell + 1} ${cellLabel(width, cell)} has an unknown direction letter ${quote(letter)} (a..h = ${DIRECTIONS.join(', ')})`, source, line);
      }
      k++;
      const given = digits === '' ? 0 : Number(digits);
      if (digits !== '' && (given < 1 || given > n)) {
        fail('given-out-of-range', `cell ${cell + 1} ${cellLabel(width, cell)} is given ${digits}, outside 1..${n}`, source, line);
      }
      givens.push(given);
      arrows.push(given === n ? null : DIRECTIONS[dir]!);
    }
    if (givens.length !== n) {
      fail('size-mismatch', `a ${width}x${height} Signpost ID has ${n} cells, this one has ${givens.length}`, source, line);
    }
    const puzzle: ArrowPathPuzzle = { kind: 'arrowpath', width, height, arrows, givens, meta: {} };
    validateArrowPath(puzzle, source.file, { default: line });
    return puzzle;
  });
}

export function writeSignpost(puzzles: readonly Puzzle[]): string {
  requireSome(puzzles, 'signpost');
  const ids = puzzles.map((p) => {
    const puzzle = requireKind(p, 'arrowpath', 'signpost');
    const n = puzzle.width * puzzle.height;
    let cells = '';
    for (let i = 0; i < n; i++) {
      const arrow = puzzle.arrows[i] ?? null;
      const given = puzzle.givens[i] ?? 0;
      if (arrow === null && given !== n) {
        fail('unsupported-feature', `signpost marks the cell without an arrow by giving it ${n}; give ${n} in ${cellLabel(puzzle.width, i)} first`, OUTPUT);
      }
      cells += `${given === 0 ? '' : given}${arrow === null ? 'a' : LETTERS[DIRECTIONS.indexOf(arrow)]}`;
    }
    return `${puzzle.width}x${puzzle.height}:${cells}`;
  });
  return `${ids.join('\n')}\n`;
}
