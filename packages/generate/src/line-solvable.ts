// Large nonograms, unique by construction: a picture's clues are solved by line logic alone,
// and where the logic stalls, one more cell of the picture becomes a given and the logic goes
// on from where it stopped. Givens only add facts, so nothing is ever solved twice: the cost
// grows with the cells, where the repair loop (nonogram.ts) calls an engine per change and
// stops being practical past about 100x100. The grid line logic settles completely is the
// one solution: the puzzle is unique, proven without search.
import { EMPTY, FILLED, UNKNOWN, Random, nonogramFromSolution, type GivenCell, type NonogramPuzzle } from '@gridrace/core';
import { LineLogicGrid } from './line-logic.js';
import { GenerateNonogramError, checkSize, randomImage } from './nonogram.js';

export interface GenerateLineSolvableOptions {
  readonly width: number;
  readonly height: number;
  /** Any number or string; the same seed and options give the same puzzle. */
  readonly seed: number | string;
  /** Share of filled cells in the noise before smoothing, 0..1. Default 0.55. */
  readonly density?: number;
  /**
   * Rounds of majority smoothing (3x3 neighbourhood). Default 2: at 400x400 one round needs
   * 2% of the cells as givens and two rounds 0.07%, with 66% of the cells filled.
   */
  readonly smoothing?: number;
  /** Stops the run: GenerateNonogramError with `stopped` set. */
  readonly signal?: AbortSignal;
  /** Called about ten times a second with the cells settled so far and the givens added. */
  readonly onProgress?: (progress: { settled: number; cells: number; givens: number }) => void;
}

export interface LineSolvableStats {
  /** Cells made givens where line logic stalled. */
  readonly givens: number;
  /** Rows and columns solved, over the whole run. */
  readonly lineSolves: number;
  readonly filled: number;
  readonly ms: number;
}

export interface GeneratedLineSolvable {
  /** The puzzle (clues and givens), with its unique solution attached. */
  readonly puzzle: NonogramPuzzle;
  readonly stats: LineSolvableStats;
}

/** How long (ms) line logic runs before it lets other work in and reports progress. */
const PAUSE_EVERY_MS = 100;

export async function generateLineSolvableNonogram(options: GenerateLineSolvableOptions): Promise<GeneratedLineSolvable> {
  const { width, height, signal, onProgress } = options;
  checkSize(width, height);
  const density = options.density ?? 0.55;
  if (!(density >= 0 && density <= 1)) throw new RangeError(`density must be within 0..1, got ${density}`);
  const smoothing = options.smoothing ?? 2;
  const started = performance.now();
  const random = new Random(`line-solvable nonogram:${width}x${height}:${String(options.seed)}`);
  const image = randomImage(width, height, random, density, smoothing);
  const solution = { width, height, cells: image };
  const clues = nonogramFromSolution(solution);
  const grid = new LineLogicGrid(width, height, clues.rows, clues.columns);

  // Givens are taken in a seeded random order of the cells, skipping settled ones.
  const order = Array.from({ length: width * height }, (_, i) => i);
  random.shuffle(order);
  let next = 0;
  const givens: GivenCell[] = [];
  let paused = started;
  // Pause now and then: a timer, an interrupt or an abort can only run between slices.
  const shouldPause = () => performance.now() - paused >= PAUSE_EVERY_MS;
  for (;;) {
    if (signal?.aborted) throw new GenerateNonogramError(`stopped (aborted) with ${grid.unknown} of ${width * height} cells still open`, 'aborted');
    const ok = grid.propagate(shouldPause);
    if (ok === undefined) {
      onProgress?.({ settled: width * height - grid.unknown, cells: width * height, givens: givens.length });
      await new Promise((resolve) => setTimeout(resolve, 0));
      paused = performance.now();
      continue;
    }
    // Line logic is sound and the picture fits its own clues and givens: no contradiction.
    if (!ok) throw new Error(`line logic found a contradiction in a ${width}x${height} picture's own clues (a bug in line-logic.ts)`);
    if (grid.unknown === 0) break;
    while (grid.cells[order[next]!] !== UNKNOWN) next++;
    const cell = order[next]!;
    const value = image[cell] === FILLED ? FILLED : EMPTY;
    grid.set(cell, value);
    givens.push({ row: Math.floor(cell / width), col: cell % width, filled: value === FILLED });
  }
  for (let i = 0; i < image.length; i++) {
    if (grid.cells[i] !== image[i]) throw new Error(`line logic settled cell ${i} against the picture (a bug in line-logic.ts)`);
  }
  givens.sort((a, b) => a.row - b.row || a.col - b.col);
  const filled = image.reduce((sum, v) => sum + v, 0);
  const title = `line-solvable ${width}x${height}, seed ${String(options.seed)}`;
  return {
    puzzle: {
      ...clues,
      givens,
      meta: { title, source: `gridrace generateLineSolvableNonogram (density ${density}, smoothing ${smoothing}, ${givens.length} givens)` },
    },
    stats: { givens: givens.length, lineSolves: grid.lineSolves, filled, ms: performance.now() - started },
  };
}
