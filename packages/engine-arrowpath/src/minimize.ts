// Which givens propagation can do without: the generator's first pass, on one propagation
// state instead of one solve per given.
import { checkSolveInput, verifyArrowPath, type ArrowPathPuzzle, type SolveBudget, type StopReason } from '@gridrace/core';
import { prepareGrid } from './grid.js';
import { buildLinkState, type LinkState } from './links.js';
import { MatchScratch } from './matching.js';
import { GapScratch, propagate, propagateYielding, type Deductions } from './propagate.js';
import { PropagationStopped } from './stop.js';

export interface RemovableGivensOptions {
  /** Time limit and abort signal; when it runs out, the candidates not yet decided stay. */
  readonly budget: SolveBudget;
  /** Stop once this many candidates were found removable (the rest stay). Default: no cap. */
  readonly maxRemovals?: number;
  /** Called as candidates are decided, with how many are so far and how many were taken out. */
  readonly onProgress?: (decided: number, removed: number) => void;
  /**
   * Which deductions the checks use (the engine's `deductions` limit). `all` (default): the
   * engine's whole propagation. `short-gaps`: local deductions and gaps of up to four steps,
   * no matching filter, so a check costs what changed near it rather than passes over the
   * whole grid (6x faster at 30x30); a few more givens stay.
   */
  readonly deductions?: Deductions;
  /**
   * How far back along the path a check re-derives: it searches only gaps that start at
   * most this many numbers before the first candidate it decides (default: no limit). For
   * candidates in path order (increasing numbers): a check then costs what lies within
   * reach of it instead of the whole path before it, and a few more givens stay. Still a
   * proof: every removal is deduced from the givens kept (see removableGivens).
   */
  readonly reach?: number;
  /** False: search every gap again on every sweep (the same decisions; for tests and measuring). */
  readonly incrementalGaps?: boolean;
}

export interface RemovableGivens {
  /** Per candidate (in the order given): true when it was taken out. */
  readonly removed: boolean[];
  /** Candidates decided (the first ones in order, up to the last removal when capped); the rest stay given. */
  readonly decided: number;
  /** Why the budget stopped it early, or null (reaching `maxRemovals` is not a stop). */
  readonly stopped: StopReason | null;
}

/**
 * Go through `candidates` (cells holding givens of `puzzle`) in order and take each one out
 * when propagation alone (the `arrowpath` engine with the same `deductions`, without
 * branching) still settles every cell without it, given the decisions before it: the same
 * answer as solving after each removal and undoing the removals that are not `unique`
 * without search. The puzzle with all its givens must settle that way (a full solution as
 * givens does).
 *
 * Propagation only ever adds facts and reaches the same fixpoint whatever the order of the
 * givens, so one state with an undo trail serves every check. To decide candidates l..r
 * (the state holds the kept ones before l and all after r): apply the second half, decide
 * the first, undo, apply what the first half kept, decide the second. A state settled
 * without any of l..r takes them all out at once. Each given is applied about log2(m)
 * times, where one solve per removal would rebuild the whole state each time.
 *
 * A check only needs its candidate deduced, not every cell: by induction from the last
 * candidate down, the final givens deduce every candidate after k, so they deduce all the
 * check for k started from, and k with it. Without a reach the two are the same (k deduced
 * gives back the state that still had k, which settled); with one, the numbers out of reach
 * that the check does not work out again need not be.
 */
export async function removableGivens(puzzle: ArrowPathPuzzle, candidates: readonly number[], options: RemovableGivensOptions): Promise<RemovableGivens> {
  const { budget } = options;
  const maxRemovals = options.maxRemovals ?? Number.POSITIVE_INFINITY;
  const m = candidates.length;
  const removed = new Array<boolean>(m).fill(false);
  const numberOf = candidates.map((cell) => puzzle.givens[cell] ?? 0);
  if (numberOf.some((k) => k <= 0)) throw new RangeError('every candidate must be a cell holding a given');
  const reach = options.reach ?? Number.POSITIVE_INFINITY;
  if (!(reach >= 0)) throw new RangeError(`reach must be a non-negative number of steps, got ${String(options.reach)}`);

  // The state holds the givens that are not candidates; candidates are applied as decided.
  const base = puzzle.givens.slice();
  for (const cell of candidates) base[cell] = 0;
  const { puzzle: checked } = checkSolveInput('arrowpath', { ...puzzle, givens: base }, { maxSolutions: 2 });
  const grid = await prepareGrid(checked, budget);
  if (typeof grid === 'string') return { removed, decided: 0, stopped: grid };
  if (grid.contradiction !== null) throw new RangeError(`the givens contradict each other: ${grid.contradiction}`);
  const built = await buildLinkState(grid, budget);
  if (typeof built === 'string') return { removed, decided: 0, stopped: built };
  const s: LinkState = built;
  const short = options.deductions === 'short-gaps';
  let scratch: GapScratch | undefined;
  const gaps = () => {
    if (scratch === undefined) {
      scratch = new GapScratch(s.nodes, s.edgeCount, options.incrementalGaps ?? true, budget, options.deductions);
    }
    return scratch;
  };
  const wholeNumbering = puzzle.givens.every((k) => k > 0);
  const matcher = short ? null : new MatchScratch(s.nodes, budget);
  // When the givens are a whole numbering (the generator's case), every state here agrees with it.
  if (matcher !== null) matcher.solvable = wholeNumbering && verifyArrowPath(puzzle, { width: puzzle.width, height: puzzle.height, numbers: Int32Array.from(puzzle.givens) }).ok;
  const contradiction = () => new RangeError('the givens have no solution');

  let decided = 0;
  let removals = 0;
  let stopped: StopReason | null = null;
  /** Candidates l..r all numbered, which is all a check needs (see above). */
  const placed = (l: number, r: number): boolean => {
    for (let i = l; i <= r; i++) if (s.num[candidates[i]!]! < 0) return false;
    return true;
  };
  // On a whole numbering with the candidates along the path, every number after the last
  // candidate applied is placed, so a sweep with a reach can stop there.
  const stopAtLast = wholeNumbering && numberOf.every((k, i) => i === 0 || k > numberOf[i - 1]!);
  /** The checks of candidates i..j search only gaps within reach of candidate i, up to j. */
  const reachOver = (i: number, j: number): void => {
    if (reach === Number.POSITIVE_INFINITY) return;
    const k = numberOf[i]! - reach;
    const g = gaps();
    if (k > g.minGapNumber) g.reachFrom(k);
    if (stopAtLast) g.maxGapNumber = numberOf[j]!;
  };

  /** Number candidates from..to (all, or only those kept) and propagate. */
  const apply = (from: number, to: number, keptOnly: boolean): void => {
    for (let i = from; i <= to; i++) {
      if (keptOnly && removed[i]) continue;
      const cell = candidates[i]!;
      if (s.num[cell]! >= 0) continue; // already deduced
      if (!s.numberChainAt(cell, numberOf[i]!)) throw contradiction();
    }
    if (!propagate(s, gaps, matcher, budget)) throw contradiction();
  };

  /** Decide candidates l..r: the state holds the decided ones before l and all after r. */
  const decide = async (l: number, r: number): Promise<void> => {
    if (stopped !== null) return;
    stopped = await budget.checkpoint();
    if (stopped !== null) return;
    if (placed(l, r)) {
      // Deduced without any of l..r: each one is removable in turn.
      for (let i = l; i <= r && removals < maxRemovals; i++) {
        removed[i] = true;
        removals++;
        decided = i + 1;
      }
      if (removals < maxRemovals) decided = r + 1;
      options.onProgress?.(decided, removals);
      return;
    }
    if (l === r) {
      decided = r + 1;
      options.onProgress?.(decided, removals);
      return;
    }
    const mid = (l + r) >> 1;
    const mark = s.trail.size;
    reachOver(l, mid);
    apply(mid + 1, r, false);
    await decide(l, mid);
    s.undoTo(mark);
    if (stopped !== null || removals >= maxRemovals) return;
    reachOver(mid + 1, r);
    apply(l, mid, true);
    await decide(mid + 1, r);
    s.undoTo(mark);
  };

  try {
    s.enqueueAll();
    if (!(await propagateYielding(s, gaps, matcher, budget))) throw contradiction();
    if (m > 0) await decide(0, m - 1);
  } catch (err) {
    if (!(err instanceof PropagationStopped)) throw err;
    stopped = err.reason;
  }
  // A cap reached is not a stop: the candidates after it simply stay.
  return { removed, decided, stopped };
}
