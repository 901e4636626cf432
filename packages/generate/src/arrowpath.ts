// The arrow-path (Signpost) generator: a random path through every cell in which each step
// is a queen move (same row, column or diagonal, any distance), arrows along the steps,
// then givens removed one by one, along the path, while the `arrowpath` engine still proves
// the solution unique (or until a target density is reached).
import {
  DIRECTION_STEPS,
  DIRECTIONS,
  SolveBudget,
  type ArrowPathPuzzle,
  type ArrowPathSolution,
  type Direction,
  type Engine,
  type StopReason,
  Random,
} from '@gridrace/core';
import { createArrowPathEngine, removableGivens } from '@gridrace/engine-arrowpath';

export interface GenerateArrowPathOptions {
  readonly width: number;
  readonly height: number;
  /** Any number or string; the same seed and options give the same puzzle. */
  readonly seed: number | string;
  /** Put 1 in the top-left corner and N in the bottom-right one, as in the seed puzzles. */
  readonly corners?: boolean;
  /**
   * Keep 1 given (default true, as Tatham's Signpost and the seed puzzles do). N always
   * stays given: it sits in the only cell without an arrow, which Signpost IDs mark by its N.
   */
  readonly keepEnds?: boolean;
  /**
   * Givens go in two passes. The first keeps a removal only when the engine's propagation
   * alone proves the puzzle still unique (no branching): cheap, and most of the sparsity.
   * The second retries the givens left, letting the engine spend up to this many search
   * nodes per check (0 skips it). Default: 200 up to 225 cells, 0 above (there each check
   * costs milliseconds per node and few removals succeed). A removal the engine cannot
   * prove within the cap is undone. A node cap, not a time limit, keeps the output
   * independent of the machine's speed.
   */
  readonly maxNodesPerCheck?: number;
  /**
   * Wall-clock limit for the whole generation. When it runs out, the puzzle made so far
   * (still unique, but with more givens) is returned and `stats.stopped` says so.
   */
  readonly timeLimitMs?: number;
  /** Stop early like `timeLimitMs` runs out, with `stats.stopped` = `aborted`. */
  readonly signal?: AbortSignal;
  /**
   * A target density: stop removing givens once at most this share of the cells (0 to 1) is
   * given. Fewer checks, so sooner; the puzzle is as unique either way. The givens are then
   * tried in a random order, so those left are spread over the path (without a target they
   * are tried along it, which leaves fewer). Default 0: as sparse as the passes get. A target
   * below what they reach leaves the sparsest puzzle they found.
   */
  readonly givens?: number;
  /**
   * Check removals with the engine's whole propagation instead of its local deductions
   * (gaps of up to four steps, no matching filter). Default false: the local checks are
   * 10-40 times faster from 30x30 to 40x40 and keep about a point more givens (30x30: 18.5%
   * against 17.2% on average over seeds 1-4; notes/arrowpath-generation.md); the puzzle is
   * proven unique either way.
   */
  readonly thorough?: boolean;
  /**
   * How many numbers back along the path a removal check works out again (the `reach` of
   * the engine's removableGivens): each check then costs about the same at any size, where
   * without a reach it works out everything before it again. Default DEFAULT_REACH (all of a
   * 30x30 path); Infinity checks against the whole path: sparsest, and the default with
   * `thorough`. At 100x100, seed 1: 23.5% given in 6.5 s against 21.1% in 209 s
   * (notes/arrowpath-generation.md). Along the path only: with a `givens` target every check
   * works out the whole path.
   */
  readonly reach?: number;
  /** Called after each check with the counts so far (for a progress line). */
  readonly onProgress?: (progress: GenerateArrowPathProgress) => void;
}

export interface GenerateArrowPathProgress {
  /** Checks done, and how many givens could be tried in all (both passes count). */
  readonly tried: number;
  readonly candidates: number;
  /** Givens left now. */
  readonly givens: number;
  readonly cells: number;
}

export interface GenerateArrowPathStats {
  readonly timeMs: number;
  readonly cells: number;
  /** Givens left in the puzzle. */
  readonly givens: number;
  /** Removals tried (over both passes), and how many of them stayed. */
  readonly tried: number;
  readonly removed: number;
  /** Checks of the last pass whose engine hit its node cap (removal undone). */
  readonly undecided: number;
  /** Time spent in the engine. */
  readonly solveMs: number;
  /** Random walks started before one covered the grid. */
  readonly pathAttempts: number;
  /** Null when every given was tried, else why generation stopped early. */
  readonly stopped: StopReason | null;
}

export interface GeneratedArrowPath {
  /** The puzzle, with its (unique) solution. */
  readonly puzzle: ArrowPathPuzzle;
  readonly stats: GenerateArrowPathStats;
}

const DEFAULT_MAX_NODES_PER_CHECK = 200;
/**
 * How far back a removal check works out again by default: at 60x60 20.0-22.2% given in
 * 2 s against 19.4-20.9% in 9 s with no limit, at 100x100 23.5% in 6.5 s against 21.1% in
 * 209 s (notes/arrowpath-generation.md).
 */
export const DEFAULT_REACH = 1000;
/** Largest grid that gets the second pass by default. */
const SECOND_PASS_MAX_CELLS = 225;

/** Make a random arrow path with a unique solution and as few givens as the engine can afford. */
export async function generateArrowPath(options: GenerateArrowPathOptions): Promise<GeneratedArrowPath> {
  const { width, height } = options;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`size must be positive integers, got ${String(width)}x${String(height)}`);
  }
  const corners = options.corners ?? false;
  if (corners && width * height < 2) throw new RangeError('corners needs at least two cells');
  const keepEnds = options.keepEnds ?? true;
  const maxNodes = options.maxNodesPerCheck ?? (width * height <= SECOND_PASS_MAX_CELLS ? DEFAULT_MAX_NODES_PER_CHECK : 0);
  if (!Number.isInteger(maxNodes) || maxNodes < 0) throw new RangeError(`maxNodesPerCheck must be a non-negative integer, got ${String(maxNodes)}`);
  const target = options.givens ?? 0;
  if (!(target >= 0 && target <= 1)) throw new RangeError(`givens must be a share of the cells from 0 to 1, got ${String(options.givens)}`);
  const reach = options.reach ?? (options.thorough === true ? Number.POSITIVE_INFINITY : DEFAULT_REACH);
  if (!(reach === Number.POSITIVE_INFINITY || (Number.isInteger(reach) && reach >= 1))) throw new RangeError(`reach must be a positive whole number of steps or Infinity, got ${String(options.reach)}`);
  const budget = new SolveBudget({ signal: options.signal, timeLimitMs: options.timeLimitMs });

  const random = new Random(options.seed);
  const n = width * height;
  const { order, attempts } = randomAlignedPath(width, height, random, corners);
  const numbers = new Int32Array(n);
  order.forEach((cell, i) => (numbers[cell] = i + 1));
  const arrows: (Direction | null)[] = new Array<Direction | null>(n).fill(null);
  for (let i = 0; i + 1 < n; i++) arrows[order[i]!] = directionBetween(width, order[i]!, order[i + 1]!);
  const givens = Array.from(numbers);
  const solution: ArrowPathSolution = { width, height, numbers };
  const meta = { title: `arrow path ${width}x${height} seed ${String(options.seed)}${corners ? ' corners' : ''}`, source: 'gridrace generate' };
  const puzzleOf = (): ArrowPathPuzzle => ({ kind: 'arrowpath', width, height, arrows, givens: givens.slice(), solution, meta });

  // Pass 1 keeps only removals that propagation alone proves safe (cheap); pass 2 retries
  // the givens left with up to `maxNodes` search nodes per check. Both go along the path, from
  // 2 up: each check then has every later number given, the numbers taken out before it are
  // deduced from those, and what a check works out again stays near the number it decides.
  // Sparser than a random order (30x30: 24% given instead of 28%; notes/arrowpath-generation.md).
  // With a target density the order is random, so that the givens left are spread evenly.
  const removable: number[] = [];
  for (let i = 0; i < n; i++) {
    const k = i + 1;
    if (k === n || (keepEnds && k === 1)) continue;
    removable.push(order[i]!);
  }
  if (target > 0) random.shuffle(removable);

  let tried = 0;
  let removed = 0;
  let undecided = 0;
  let solveMs = 0;
  let stopped: StopReason | null = null;
  const goal = Math.floor(target * n);
  const candidates = removable.length * (maxNodes > 0 ? 2 : 1);
  const report = () => options.onProgress?.({ tried, candidates, givens: n - removed, cells: n });

  // Pass 1 on one propagation state with an undo trail (the engine's removableGivens): each
  // removal proven by propagation from the givens kept, without a solve per given; with a
  // reach, a check works out again only the last `reach` numbers before the ones it decides.
  report();
  const passStart = budget.elapsedMs();
  const first = await removableGivens(puzzleOf(), removable, {
    budget,
    maxRemovals: n - goal,
    deductions: options.thorough === true ? 'all' : 'short-gaps',
    ...(target > 0 ? {} : { reach }),
    onProgress: (decided, removals) => {
      tried = decided;
      removed = removals;
      report();
    },
  });
  solveMs += budget.elapsedMs() - passStart;
  first.removed.forEach((out, i) => {
    if (out) givens[removable[i]!] = 0;
  });
  tried = first.decided;
  removed = first.removed.filter(Boolean).length;
  stopped = first.stopped;
  // Without a second pass this is the last one: every given it kept hit its node cap of 1.
  undecided = tried - removed;

  if (maxNodes > 0 && stopped === null) {
    const engine: Engine<'arrowpath'> = createArrowPathEngine({ maxNodes });
    undecided = 0;
    for (const cell of removable) {
      if (givens[cell] === 0) continue;
      if (n - removed <= goal) break;
      report();
      stopped = await budget.checkpoint();
      if (stopped !== null) break;
      tried++;
      const k = givens[cell]!;
      givens[cell] = 0;
      const remaining = remainingMs(budget, options.timeLimitMs);
      const result = await engine.solve(puzzleOf(), {
        maxSolutions: 2,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(remaining === undefined ? {} : { timeLimitMs: remaining }),
      });
      solveMs += result.stats.timeMs;
      if (result.verdict === 'unique') {
        removed++;
        continue;
      }
      givens[cell] = k;
      if (result.verdict === 'incomplete') {
        if (result.reason !== 'limit') {
          // The overall budget ran out inside the check: this removal stays undone.
          stopped = result.reason;
          break;
        }
        undecided++;
      }
    }
  }

  const left = givens.reduce((count, g) => count + (g === 0 ? 0 : 1), 0);
  return {
    puzzle: puzzleOf(),
    stats: { timeMs: budget.elapsedMs(), cells: n, givens: left, tried, removed, undecided, solveMs, pathAttempts: attempts, stopped },
  };
}

function remainingMs(budget: SolveBudget, limit: number | undefined): number | undefined {
  return limit === undefined ? undefined : Math.max(0, limit - budget.elapsedMs());
}

/** The direction from cell a to cell b, which must be aligned with it. */
function directionBetween(width: number, a: number, b: number): Direction {
  const dr = Math.sign(Math.floor(b / width) - Math.floor(a / width));
  const dc = Math.sign((b % width) - (a % width));
  const index = DIRECTIONS.findIndex((d) => DIRECTION_STEPS[d][0] === dr && DIRECTION_STEPS[d][1] === dc);
  return DIRECTIONS[index]!;
}

/**
 * How often a step goes to the nearest unvisited cell of a direction instead of the one with
 * the fewest ways on. Short steps make sparse puzzles: an arrow whose next number is the
 * first free cell along it is soon pinned down once the cells before it are numbered, so
 * fewer givens stay necessary (at 30x30, 28% given instead of 36% with steps to any aligned
 * cell; notes/arrowpath-generation.md).
 */
const WANDER = 0.9;
const MAX_PATH_ATTEMPTS = 10_000;

/**
 * The weight of a short step that lands `distance` cells along a ray of `rayLength` cells
 * that `pointedSum` earlier arrows cross (their count summed over its cells): near cells,
 * short rays and rays few other arrows cross first. A cell that few arrows point at has
 * few candidate predecessors, and a short ray few candidate successors, so the solver pins
 * both down from fewer givens (at 100x100, 25% given instead of 32% when every direction
 * was as likely; notes/arrowpath-generation.md). Plain arithmetic only (the exponential is
 * (1 + h/8)^8), so every JavaScript engine draws the same path from a seed.
 */
function shortStepWeight(distance: number, rayLength: number, pointedSum: number): number {
  let crossed = 1 + pointedSum / rayLength / 16;
  crossed *= crossed;
  crossed *= crossed;
  crossed *= crossed;
  return 1 / (distance * distance * rayLength * crossed);
}

/**
 * A random order of all cells in which consecutive cells are aligned. Mostly short steps (to
 * the nearest unvisited cell of a direction drawn by shortStepWeight), the rest by
 * Warnsdorff's rule (the cell with the fewest unvisited aligned cells); a walk that gets
 * stuck starts over.
 */
export function randomAlignedPath(width: number, height: number, random: Random, corners: boolean): { order: Int32Array; attempts: number } {
  const n = width * height;
  // Each cell's aligned cells, direction by direction and nearest first; directionStarts
  // holds where each direction's run starts in that list, and the list's end.
  const aligned: Int32Array[] = [];
  const directionStarts: Int32Array[] = [];
  for (let cell = 0; cell < n; cell++) {
    const list: number[] = [];
    const starts: number[] = [];
    const r0 = Math.floor(cell / width);
    const c0 = cell % width;
    for (const d of DIRECTIONS) {
      const [dr, dc] = DIRECTION_STEPS[d];
      starts.push(list.length);
      for (let r = r0 + dr, c = c0 + dc; r >= 0 && r < height && c >= 0 && c < width; r += dr, c += dc) list.push(r * width + c);
    }
    starts.push(list.length);
    aligned.push(Int32Array.from(list));
    directionStarts.push(Int32Array.from(starts));
  }

  const order = new Int32Array(n);
  const visited = new Uint8Array(n);
  const degree = new Int32Array(n);
  /** How many arrows so far have the cell on their ray. */
  const pointedAt = new Int32Array(n);
  const picks: number[] = [];
  /** The nearest unvisited cell of each direction, its direction and its step's weight. */
  const nearest: number[] = [];
  const nearestDirection: number[] = [];
  const weights: number[] = [];
  for (let attempt = 1; attempt <= MAX_PATH_ATTEMPTS; attempt++) {
    visited.fill(0);
    pointedAt.fill(0);
    for (let cell = 0; cell < n; cell++) degree[cell] = aligned[cell]!.length;
    const first = corners ? 0 : random.int(n);
    const last = corners ? n - 1 : -1;
    const visit = (cell: number, k: number) => {
      order[k] = cell;
      visited[cell] = 1;
      for (const a of aligned[cell]!) degree[a]!--;
    };
    visit(first, 0);
    let k = 1;
    /** Whether step k may go to cell a (N's corner only last). */
    const free = (a: number) => visited[a] === 0 && (a !== last || k === n - 1);
    for (; k < n; k++) {
      const here = order[k - 1]!;
      const cells = aligned[here]!;
      const starts = directionStarts[here]!;
      // The nearest free cell of each direction: a walk along each ray to the first one.
      nearest.length = 0;
      nearestDirection.length = 0;
      weights.length = 0;
      let total = 0;
      for (let d = 0; d + 1 < starts.length; d++) {
        const start = starts[d]!;
        const end = starts[d + 1]!;
        let i = start;
        while (i < end && !free(cells[i]!)) i++;
        if (i === end) continue;
        let pointedSum = 0;
        for (let j = start; j < end; j++) pointedSum += pointedAt[cells[j]!]!;
        const weight = shortStepWeight(i - start + 1, end - start, pointedSum);
        nearest.push(cells[i]!);
        nearestDirection.push(d);
        weights.push(weight);
        total += weight;
      }
      if (nearest.length === 0) break;
      let next: number;
      let direction: number;
      if (random.float() < WANDER) {
        let pick = 0;
        for (let u = random.float() * total; pick + 1 < weights.length && u >= weights[pick]!; pick++) u -= weights[pick]!;
        next = nearest[pick]!;
        direction = nearestDirection[pick]!;
      } else {
        // Warnsdorff: every free aligned cell, the fewest ways on.
        picks.length = 0;
        let best = Number.POSITIVE_INFINITY;
        for (const a of cells) {
          if (!free(a)) continue;
          picks.push(a);
          if (degree[a]! < best) best = degree[a]!;
        }
        const fewest = picks.filter((a) => degree[a] === best);
        next = fewest[random.int(fewest.length)]!;
        const at = cells.indexOf(next);
        direction = 0;
        while (starts[direction + 1]! <= at) direction++;
      }
      for (let j = starts[direction]!, end = starts[direction + 1]!; j < end; j++) pointedAt[cells[j]!]!++;
      visit(next, k);
    }
    if (k === n) return { order, attempts: attempt };
  }
  throw new Error(`no aligned path found on ${width}x${height} after ${MAX_PATH_ATTEMPTS} walks`);
}
