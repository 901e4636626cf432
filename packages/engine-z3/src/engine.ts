// One Engine object around a model builder: the Z3 lease (init/dispose), core's input check,
// limits, and the solves in flight (dispose interrupts them before releasing Z3).
import {
  SolveBudget,
  checkSolveInput,
  makeResult,
  solutionsWithoutCells,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type SolveOptions,
  type SolveResult,
} from '@gridrace/core';
import type { ModelBuilder, SolverSetup } from './model.js';
import { acquireZ3, releaseZ3, type Z3Api } from './runtime.js';
import { solveLoop, type AbandonedCheck } from './solve-loop.js';

export interface EngineSpec {
  readonly name: string;
  readonly description: string;
  readonly build: ModelBuilder;
  readonly setup: SolverSetup;
  /** The most cells this engine's model is solved for within a race's 10 s on a 2-core machine; larger puzzles are out of its reach. */
  readonly reachCells: number;
}

/**
 * How long dispose() waits for solves and abandoned checks to end before it releases Z3. Z3
 * stops an abandoned check within seconds of the repeated interrupts (3 s measured on a 75x75
 * puzzle); ending its threads while a check runs leaves the process unable to exit.
 */
const DISPOSE_WAIT_MS = 30_000;

export function makeZ3Engine(spec: EngineSpec): Engine<'nonogram'> {
  let lease: Promise<Z3Api> | undefined;
  const inFlight = new Set<{ controller: AbortController; done: Promise<unknown> }>();
  /** Checks Z3 did not stop when their solve ended (see onAbandoned). */
  const abandoned = new Set<AbandonedCheck>();

  const load = (): Promise<Z3Api> => {
    if (lease === undefined) {
      const acquiring = acquireZ3();
      lease = acquiring;
      acquiring.catch(() => {
        if (lease === acquiring) lease = undefined;
      });
    }
    return lease;
  };
  const init = async (): Promise<void> => {
    await load();
  };

  const dispose = async (): Promise<void> => {
    const held = lease;
    if (held === undefined) return;
    lease = undefined;
    for (const solve of inFlight) solve.controller.abort();
    // Solves return soon after an abort; a check Z3 did not stop (see onAbandoned below) may
    // run on for seconds, so it gets up to DISPOSE_WAIT_MS.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bounded = new Promise((resolve) => (timer = setTimeout(resolve, DISPOSE_WAIT_MS)));
    const ending = [...[...inFlight].map((s) => s.done), ...[...abandoned].map((check) => check.settled)];
    await Promise.race([Promise.allSettled(ending), bounded]);
    clearTimeout(timer);
    for (const check of abandoned) check.stopInterrupting();
    abandoned.clear();
    // A lease whose loading failed holds nothing (acquireZ3 already gave it back).
    if (await held.then(() => true, () => false)) await releaseZ3();
  };

  const solve = async (given: NonogramPuzzle, solveOptions?: SolveOptions): Promise<SolveResult<NonogramSolution>> => {
    // Core's input contract; the models get its normalised puzzle (no zero blocks, givens a list).
    const input = checkSolveInput('nonogram', given, solveOptions);
    const { puzzle, options } = input;
    const { maxSolutions } = options;
    const budget = new SolveBudget(options);
    const stopped = budget.stopReason();
    if (stopped !== null) return makeResult([], stopped, { timeMs: budget.elapsedMs(), counters: { checks: 0, models: 0 } });
    // No cells, no model to build (and no Z3 to load).
    const withoutCells = solutionsWithoutCells(puzzle);
    if (withoutCells !== null) return makeResult(withoutCells, null, { timeMs: budget.elapsedMs(), counters: { checks: 0, models: 0 } });

    const controller = new AbortController();
    const forward = (): void => controller.abort();
    options.signal?.addEventListener('abort', forward);
    const entry = { controller, done: Promise.resolve() as Promise<unknown> };
    const run = (async () => {
      const api = await load();
      return solveLoop({
        api,
        puzzle,
        build: spec.build,
        setup: spec.setup,
        maxSolutions,
        budget,
        timeLimitMs: options.timeLimitMs,
        signal: controller.signal,
        // A check Z3 did not stop in time keeps Z3 busy after the solve returns: dispose() waits for it.
        onAbandoned: (check) => {
          abandoned.add(check);
          void check.settled.finally(() => abandoned.delete(check));
        },
      });
    })();
    entry.done = run;
    inFlight.add(entry);
    try {
      return await run;
    } finally {
      inFlight.delete(entry);
      options.signal?.removeEventListener('abort', forward);
    }
  };

  const reach = (puzzle: { width: number; height: number }): string | undefined => {
    const cells = puzzle.width * puzzle.height;
    return cells > spec.reachCells ? `${spec.name} does not finish models past ${spec.reachCells.toLocaleString('en-US')} cells in a race's time; this puzzle has ${cells.toLocaleString('en-US')}` : undefined;
  };
  return { name: spec.name, kind: 'nonogram', description: spec.description, reach, init, dispose, solve };
}

