// The loop both engines share: build the model in a context of its own, check, read a
// solution, exclude it, check again, until unsat (the count is exact), maxSolutions, or a
// limit; then delete the context, which frees everything the solve made.
//
// Z3 runs each check on a worker thread, so the event loop stays free and an abort lands at
// once: it interrupts the check. The time limit is Z3's `timeout` parameter (the remaining
// budget, set before every check), with an interrupt at the deadline as a backstop (the
// first timed check of a process can overrun by a second while Z3 starts its timer thread).
import { MAX_TIMER_MS, makeResult, type NonogramPuzzle, type NonogramSolution, type SolveBudget, type SolveResult, type StopReason } from '@gridrace/core';
import type { Z3_solver } from 'z3-solver';
import { checkQueueFor, type CheckQueue } from './check-queue.js';
import { excludeSolution, readSolution } from './decode.js';
import { MAX_MODEL_SIZE, type ModelBuilder, type SolverSetup } from './model.js';
import type { Z3Api } from './runtime.js';
import { Terms } from './terms.js';

/** A check the solve stopped waiting for. */
export interface AbandonedCheck {
  /** Settles when Z3 returns from the check. */
  readonly settled: Promise<unknown>;
  /** Stop interrupting it (before Z3's threads are ended, so no timer calls into a module that is gone). */
  readonly stopInterrupting: () => void;
}

export interface LoopInput {
  readonly api: Z3Api;
  readonly puzzle: NonogramPuzzle;
  readonly build: ModelBuilder;
  readonly setup: SolverSetup;
  readonly maxSolutions: number;
  readonly budget: SolveBudget;
  /** The caller's time limit, for Z3's timeout parameter. */
  readonly timeLimitMs: number | undefined;
  /** Aborted by the caller's signal or by the engine's dispose(). */
  readonly signal: AbortSignal;
  /**
   * Told of a check the solve stopped waiting for (Z3 did not answer its interrupt in time):
   * it settles once Z3 returns, after which the solve's context is deleted. The engine's
   * dispose() waits for it before releasing Z3.
   */
  readonly onAbandoned?: (check: AbandonedCheck) => void;
}

// Z3_lbool values (a value import would tie this file to z3-solver's Node entry).
const L_FALSE = -1;
const L_TRUE = 1;

/** Solver statistics copied into the result's counters (SMT core and SAT core names). */
const STAT_KEYS: Readonly<Record<string, string>> = {
  conflicts: 'conflicts',
  'sat conflicts': 'conflicts',
  decisions: 'decisions',
  'sat decisions': 'decisions',
};

export async function solveLoop(input: LoopInput): Promise<SolveResult<NonogramSolution>> {
  const { api, puzzle, budget, signal } = input;
  const counters = { checks: 0, models: 0, conflicts: 0, decisions: 0, buildMs: 0 };
  const solutions: NonogramSolution[] = [];
  const finish = (stopped: StopReason | null, message?: string): SolveResult<NonogramSolution> =>
    makeResult(solutions, stopped, { timeMs: budget.elapsedMs(), counters: { ...counters } }, message);
  const stopReason = (timedOut: boolean): StopReason | null => (signal.aborted ? 'aborted' : timedOut ? 'time-limit' : budget.stopReason());
  // While building: the caller's budget, and `signal`, which dispose() aborts as well.
  const checkpoint = async (): Promise<StopReason | null> => {
    const stopped = await budget.checkpoint();
    return signal.aborted ? 'aborted' : stopped;
  };

  // Loading Z3 (when init() was not called) may have used up the budget already.
  const early = stopReason(false);
  if (early !== null) return finish(early);
  // Z3's heap is fixed: refuse a model too big for it before making any of it.
  const size = input.build.size(puzzle);
  if (size > MAX_MODEL_SIZE) {
    return finish('limit', `z3: the model would have about ${size.toLocaleString('en-US')} terms, over the limit of ${MAX_MODEL_SIZE.toLocaleString('en-US')} (MAX_MODEL_SIZE)`);
  }

  const z3 = api.Z3;
  const config = z3.mk_config();
  const ctx = z3.mk_context(config);
  z3.del_config(config);
  /** A check still running after the solve gave up on it: the context must outlive it. */
  let abandoned: Promise<unknown> | null = null;
  try {
    const buildStart = performance.now();
    const t = new Terms(z3, ctx);
    // The builder yields after every line: check the budget there (a 300x300 model takes
    // seconds), giving the event loop a turn so an abort lands.
    const building = input.build.build(t, puzzle);
    let step = building.next();
    while (step.done !== true) {
      const stopped = await checkpoint();
      if (stopped !== null) return finish(stopped);
      step = building.next();
    }
    const model = step.value;
    const solver = input.setup.logic === undefined ? z3.mk_solver(ctx) : z3.mk_solver_for_logic(ctx, z3.mk_string_symbol(ctx, input.setup.logic));
    z3.solver_inc_ref(ctx, solver);
    try {
      setParams(t, solver, input.setup.params ?? {});
      const { assertions } = model;
      for (let i = 0; i < assertions.length; i++) {
        if (i % ASSERTIONS_PER_CHECK === 0) {
          const stopped = await checkpoint();
          if (stopped !== null) return finish(stopped);
        }
        z3.solver_assert(ctx, solver, assertions[i]!);
      }
      failOnError(t);
      counters.buildMs = performance.now() - buildStart;

      const queue = checkQueueFor(api);
      const stopper = { timedOut: false };
      for (;;) {
        const before = stopReason(stopper.timedOut);
        if (before !== null) return finish(before);
        let remaining: number | undefined;
        if (input.timeLimitMs !== undefined) {
          // Z3's timeout and setTimeout both take at most 2^31 - 1 ms; beyond that, no limit.
          const left = Math.max(1, Math.ceil(input.timeLimitMs - budget.elapsedMs()));
          if (left <= MAX_TIMER_MS) {
            remaining = left;
            setParams(t, solver, { timeout: remaining });
          }
        }
        const status = await interruptibleCheck(t, solver, queue, signal, remaining, stopper);
        if (status === null) return finish(stopReason(stopper.timedOut) ?? 'aborted');
        if (typeof status === 'object') {
          abandoned = status.settled;
          input.onAbandoned?.(status);
          return finish(
            stopReason(stopper.timedOut) ?? 'aborted',
            `z3 did not stop within ${STOP_GRACE_MS} ms of its interrupt; its check runs on in the background, and this engine's next check waits for it`,
          );
        }
        counters.checks++;
        readStatistics(t, solver, counters);
        if (status === L_FALSE) return finish(null);
        if (status !== L_TRUE) {
          const stopped = stopReason(stopper.timedOut);
          if (stopped !== null) return finish(stopped);
          const why = z3.solver_get_reason_unknown(ctx, solver);
          return why === 'timeout' ? finish('time-limit') : finish('limit', `z3 returned unknown: ${why}`);
        }
        const found = z3.solver_get_model(ctx, solver);
        let solution: NonogramSolution | null = null;
        if (found) {
          z3.model_inc_ref(ctx, found);
          try {
            solution = readSolution(t, found, puzzle, model.cells);
          } finally {
            z3.model_dec_ref(ctx, found);
          }
        }
        if (solution === null) {
          // An interrupt that landed just after the check cancels the next call instead.
          const stopped = stopReason(stopper.timedOut);
          if (stopped !== null) return finish(stopped);
          failOnError(t);
          throw new Error('z3 could not evaluate its model');
        }
        solutions.push(solution);
        counters.models++;
        if (solutions.length >= input.maxSolutions) return finish('solution-limit');
        z3.solver_assert(ctx, solver, excludeSolution(t, solution, model.cells));
      }
    } finally {
      if (abandoned === null) z3.solver_dec_ref(ctx, solver);
      else void abandoned.finally(() => z3.solver_dec_ref(ctx, solver));
    }
  } finally {
    if (abandoned === null) z3.del_context(ctx);
    else void abandoned.finally(() => z3.del_context(ctx));
  }
}

/**
 * One check, in turn with other solves' checks. It stops when `signal` aborts or
 * `remainingMs` pass (setting `stopper.timedOut`): while still queued it gives up (null);
 * while running it is interrupted, repeatedly every few milliseconds until it returns,
 * because an interrupt that lands while the worker thread is still starting the check is
 * lost (measured: an abort during model building then waited 8 s for the check to finish).
 * Some of Z3's preprocessing does not look at interrupts for seconds (z3-prefix on a 75x75
 * puzzle returned 10 s after its deadline), so STOP_GRACE_MS after the stop the solve stops
 * waiting: the result is `{ settled }`, the running check, which is still interrupted until
 * it returns.
 */
export async function interruptibleCheck(
  t: Terms,
  solver: Z3_solver,
  queue: CheckQueue,
  signal: AbortSignal,
  remainingMs: number | undefined,
  stopper: { timedOut: boolean },
): Promise<number | null | AbandonedCheck> {
  const onStop: (() => void)[] = [];
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    for (const f of onStop) f();
  };
  const deadline =
    remainingMs === undefined
      ? undefined
      : setTimeout(() => {
          stopper.timedOut = true;
          stop();
        }, remainingMs);
  signal.addEventListener('abort', stop);
  let repeat: ReturnType<typeof setInterval> | undefined;
  const stopInterrupting = (): void => {
    if (repeat !== undefined) clearInterval(repeat);
  };
  let grace: ReturnType<typeof setTimeout> | undefined;
  const waitedEnough = new Promise<'abandon'>((resolve) => onStop.push(() => (grace = setTimeout(() => resolve('abandon'), STOP_GRACE_MS))));
  const giveUp = new Promise<void>((resolve) => onStop.push(resolve));
  const checking = queue
    .run(async () => {
      if (stopped) return null;
      onStop.push(() => {
        if (repeat !== undefined) return;
        t.z3.interrupt(t.ctx);
        repeat = setInterval(() => t.z3.interrupt(t.ctx), INTERRUPT_REPEAT_MS);
      });
      return (await t.z3.solver_check(t.ctx, solver)) as number;
    }, giveUp)
    // Interrupted until it returns, even after the solve stopped waiting for it.
    .finally(stopInterrupting);
  try {
    const first = await Promise.race([checking, waitedEnough]);
    return first === 'abandon' ? { settled: checking.then(() => undefined, () => undefined), stopInterrupting } : first;
  } finally {
    signal.removeEventListener('abort', stop);
    if (deadline !== undefined) clearTimeout(deadline);
    if (grace !== undefined) clearTimeout(grace);
  }
}

const INTERRUPT_REPEAT_MS = 20;
/** How long a stopped solve waits for Z3 to answer its interrupt before it returns without it. */
export const STOP_GRACE_MS = 500;
/** Assertions handed to Z3 between two budget checks. */
const ASSERTIONS_PER_CHECK = 512;

function setParams(t: Terms, solver: Z3_solver, params: Readonly<Record<string, number | boolean>>): void {
  const entries = Object.entries(params);
  if (entries.length === 0) return;
  const { z3, ctx } = t;
  const p = z3.mk_params(ctx);
  z3.params_inc_ref(ctx, p);
  for (const [key, value] of entries) {
    const name = z3.mk_string_symbol(ctx, key);
    if (typeof value === 'boolean') z3.params_set_bool(ctx, p, name, value);
    else z3.params_set_uint(ctx, p, name, value);
  }
  z3.solver_set_params(ctx, solver, p);
  z3.params_dec_ref(ctx, p);
  failOnError(t);
}

/**
 * Conflicts and decisions as Z3 reports them after the latest check. Its SAT core (QF_FD)
 * counts every check of the solve; the general solver may count only the latest check.
 */
function readStatistics(t: Terms, solver: Z3_solver, counters: Record<string, number>): void {
  const { z3, ctx } = t;
  for (const name of new Set(Object.values(STAT_KEYS))) counters[name] = 0;
  const stats = z3.solver_get_statistics(ctx, solver);
  if (!stats) return; // refused after a late interrupt; the counters stay 0
  z3.stats_inc_ref(ctx, stats);
  try {
    const size = z3.stats_size(ctx, stats);
    for (let i = 0; i < size; i++) {
      const name = STAT_KEYS[z3.stats_get_key(ctx, stats, i)];
      if (name === undefined) continue;
      const value = z3.stats_is_uint(ctx, stats, i) ? z3.stats_get_uint_value(ctx, stats, i) : z3.stats_get_double_value(ctx, stats, i);
      if (Number.isFinite(value)) counters[name] = (counters[name] ?? 0) + value;
    }
  } finally {
    z3.stats_dec_ref(ctx, stats);
  }
}

/** Throw Z3's error message if the last call failed (the low-level API reports, never throws). */
function failOnError(t: Terms): void {
  const code = t.z3.get_error_code(t.ctx);
  if ((code as number) !== 0) throw new Error(`z3: ${t.z3.get_error_msg(t.ctx, code)}`);
}
