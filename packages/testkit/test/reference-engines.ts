// Two deliberately plain engines, used only to run the conformance suite on itself (the
// arrow-path half has no real engine in this package). Both are depth-first searches with
// budget checks; neither is meant to be fast. Like every engine, both start with core's
// input contract (checkSolveInput).
import {
  SolveBudget,
  checkSolveInput,
  makeResult,
  type CheckedSolveOptions,
  type ArrowPathPuzzle,
  type ArrowPathSolution,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { linePlacements } from '../src/index.js';

const CHECK_EVERY = 512;

/** Shared driver: `search` calls `tick()` at each node and `found()` per solution. */
async function run<S>(
  options: CheckedSolveOptions,
  search: (tick: () => Promise<StopReason | null>, found: (s: S) => boolean) => Promise<StopReason | null>,
): Promise<SolveResult<S>> {
  const max = options.maxSolutions;
  const budget = new SolveBudget(options);
  const solutions: S[] = [];
  let nodes = 0;
  const stats = () => ({ timeMs: budget.elapsedMs(), counters: { nodes } });
  const early = budget.stopReason();
  if (early !== null) return makeResult(solutions, early, stats());
  let limitHit = false;
  const stopped = await search(
    async () => (++nodes % CHECK_EVERY === 0 ? budget.checkpoint() : null),
    (s) => {
      solutions.push(s);
      limitHit = solutions.length >= max;
      return !limitHit;
    },
  );
  return makeResult(solutions, stopped ?? (limitHit ? 'solution-limit' : null), stats());
}

export const rowSearchNonogramEngine: Engine<'nonogram'> = {
  name: 'testkit-rows',
  kind: 'nonogram',
  description: 'test only: rows by placements, columns checked at the end',
  async solve(input: NonogramPuzzle, solveOptions?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
    const { puzzle, options } = checkSolveInput('nonogram', input, solveOptions);
    const { width, height } = puzzle;
    const given = new Map(puzzle.givens.map((g) => [g.row * width + g.col, g.filled ? 1 : 0]));
    const rows = puzzle.rows.map((clue, r) => linePlacements(clue, width).filter((p) => p.every((v, c) => (given.get(r * width + c) ?? v) === v)));
    const cells = new Uint8Array(width * height);
    const columnOk = (c: number, upTo: number, complete: boolean): boolean => {
      const runs: number[] = [];
      let run = 0;
      for (let r = 0; r < upTo; r++) {
        if (cells[r * width + c] === 1) run++;
        else if (run > 0) (runs.push(run), (run = 0));
      }
      const clue = puzzle.columns[c]!;
      if (complete) {
        if (run > 0) runs.push(run);
        return runs.length === clue.length && runs.every((x, i) => x === clue[i]);
      }
      return runs.length <= clue.length && runs.every((x, i) => x === clue[i]) && (run === 0 || run <= (clue[runs.length] ?? 0));
    };
    return run<NonogramSolution>(options, async (tick, found) => {
      const go = async (r: number): Promise<StopReason | null | 'done'> => {
        const stop = await tick();
        if (stop !== null) return stop;
        if (r === height) {
          for (let c = 0; c < width; c++) if (!columnOk(c, height, true)) return null;
          return found({ width, height, cells: cells.slice() }) ? null : 'done';
        }
        for (const p of rows[r]!) {
          cells.set(p, r * width);
          let ok = true;
          for (let c = 0; c < width && ok; c++) ok = columnOk(c, r + 1, false);
          if (!ok) continue;
          const result = await go(r + 1);
          if (result !== null) return result;
        }
        return null;
      };
      const result = await go(0);
      return result === 'done' ? null : result;
    });
  },
};

export const dfsArrowPathEngine: Engine<'arrowpath'> = {
  name: 'testkit-dfs',
  kind: 'arrowpath',
  description: 'test only: depth-first search along the arrows',
  async solve(input: ArrowPathPuzzle, solveOptions?: SolveOptions): Promise<SolveResult<ArrowPathSolution>> {
    const { puzzle, options } = checkSolveInput('arrowpath', input, solveOptions);
    const { width, height } = puzzle;
    const n = width * height;
    const steps: Record<string, [number, number]> = { N: [-1, 0], NE: [-1, 1], E: [0, 1], SE: [1, 1], S: [1, 0], SW: [1, -1], W: [0, -1], NW: [-1, -1] };
    const home = new Map<number, number>();
    puzzle.givens.forEach((g, cell) => g > 0 && home.set(g, cell));
    const numbers = new Int32Array(n);
    const fits = (k: number, cell: number) => numbers[cell] === 0 && ((puzzle.givens[cell] ?? 0) === 0 ? !home.has(k) : puzzle.givens[cell] === k);
    return run<ArrowPathSolution>(options, async (tick, found) => {
      const go = async (k: number, cell: number): Promise<StopReason | null | 'done'> => {
        const stop = await tick();
        if (stop !== null) return stop;
        numbers[cell] = k;
        let result: StopReason | null | 'done' = null;
        if (k === n) result = found({ width, height, numbers: numbers.slice() }) ? null : 'done';
        else {
          const arrow = puzzle.arrows[cell];
          const [dr, dc] = arrow ? steps[arrow]! : [0, 0];
          if (arrow) {
            for (let r = Math.floor(cell / width) + dr, c = (cell % width) + dc; r >= 0 && r < height && c >= 0 && c < width && result === null; r += dr, c += dc) {
              if (fits(k + 1, r * width + c)) result = await go(k + 1, r * width + c);
            }
          }
        }
        numbers[cell] = 0;
        return result;
      };
      for (let cell = 0; cell < n; cell++) {
        if (!fits(1, cell)) continue;
        const result = await go(1, cell);
        if (result === 'done') return null;
        if (result !== null) return result;
      }
      return null;
    });
  },
};
