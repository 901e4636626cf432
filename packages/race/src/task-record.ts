// A task's outcome as a results record: its solutions verified with core's verifier, an answer
// core's contract rules out recorded as an error, only what the results schema allows kept.
import { verify } from '@gridrace/core';
import { answerProblem } from './check.js';
import { solutionsHash } from './corpus.js';
import type { PlannedTask } from './executor.js';
import type { TaskOutcome } from './isolate.js';
import { median, summarize, type SampleSummary } from './stats.js';
import type { ProcessRecord, TaskRecord } from './types.js';

/** The process figures of an external engine's task, from its outcome. */
function processRecord(outcome: TaskOutcome): ProcessRecord | undefined {
  const p = outcome.process;
  if (p === undefined) return undefined;
  const walls = outcome.processWall ?? [p.wallMs];
  return {
    // The worker times a program by its CPU time under the cpu clock, when it could be measured.
    cpuMeasured: outcome.clock === 'cpu' && p.cpuMs !== undefined,
    wallMedian: median(walls),
    ...(outcome.solverMs && outcome.solverMs.length > 0 ? { solverMedian: median(outcome.solverMs) } : p.solverMs !== undefined ? { solverMedian: p.solverMs } : {}),
    ...(p.startupCpuMs !== undefined ? { startupCpuMs: p.startupCpuMs } : {}),
    ...(p.startupWallMs !== undefined ? { startupWallMs: p.startupWallMs } : {}),
    ...(p.maxRssMb !== undefined ? { maxRssMb: p.maxRssMb } : {}),
  };
}

/**
 * The outcome of a worker, with its solutions verified by core's verifier, as a results record.
 * An answer core's contract rules out (a verdict or reason outside it, `unique` without its one
 * verified solution, `multiple` without two distinct verified ones, `none` with solutions) is
 * recorded as `errored`, without the verdict, so it is never timed, counted as settled or
 * written in a shape the results schema refuses. `calibration` is the puzzle's reference
 * (see `runCalibration`), or why it is missing.
 */
export function toRecord(task: PlannedTask, outcome: TaskOutcome, calibration?: SampleSummary | string): TaskRecord {
  const { puzzle } = task.puzzle;
  let verified = true;
  let problem: string | undefined;
  const good = new Set<string>();
  for (const solution of outcome.solutions) {
    let check;
    try {
      check = verify(puzzle, solution);
    } catch (err) {
      check = { ok: false as const, problems: [err instanceof Error ? err.message : String(err)] };
    }
    if (!check.ok) {
      verified = false;
      problem ??= check.problems[0];
    } else good.add(solutionsHash([solution]));
  }
  const impossible =
    outcome.verdict === undefined ? undefined : answerProblem({ verdict: outcome.verdict, reason: outcome.reason, solutions: outcome.solutions.length, good: good.size });
  // Only what the schema allows reaches the file: numeric counters, a known difficulty.
  const counters = outcome.counters ? Object.entries(outcome.counters).filter(([, v]) => typeof v === 'number' && Number.isFinite(v)) : [];
  const dropped = outcome.counters ? Object.keys(outcome.counters).length - counters.length : 0;
  const difficulty = outcome.difficulty !== undefined && ['line', 'probe', 'branch'].includes(outcome.difficulty) ? outcome.difficulty : undefined;
  const message = [
    outcome.message,
    problem && `verification: ${problem}`,
    impossible && `impossible answer: ${impossible}`,
    dropped > 0 && `${dropped} counter(s) dropped (not numbers)`,
    outcome.difficulty !== undefined && difficulty === undefined && `difficulty ${JSON.stringify(outcome.difficulty)} dropped`,
    typeof calibration === 'string' && calibration,
  ]
    .filter(Boolean)
    .join('; ');
  const harness = Math.max(0, outcome.wallMs - outcome.workMs);
  return {
    engine: task.engine,
    puzzle: task.puzzle.record.id,
    state: impossible ? 'errored' : outcome.state,
    ...(outcome.verdict && !impossible ? { verdict: outcome.verdict } : {}),
    ...(outcome.reason && !impossible ? { reason: outcome.reason } : {}),
    ...(message ? { message } : {}),
    verified,
    solutions: outcome.solutions.length,
    ...(outcome.solutions.length > 0 && verified ? { solutionHash: solutionsHash(outcome.solutions) } : {}),
    ...(outcome.checkMs !== undefined ? { checkMs: outcome.checkMs } : {}),
    ...(outcome.samples && outcome.samples.length > 0 && !impossible ? { samples: summarize(outcome.samples) } : {}),
    ...(outcome.batch && outcome.batch > 1 && !impossible ? { batch: outcome.batch } : {}),
    ...(outcome.wallMean && !impossible ? { wallMean: outcome.wallMean } : {}),
    ...(typeof calibration === 'object' ? { calibration } : {}),
    ...(outcome.counters ? { counters: Object.fromEntries(counters) } : {}),
    ...(difficulty ? { difficulty } : {}),
    ...(processRecord(outcome) ? { process: processRecord(outcome)! } : {}),
    overhead: { startMs: outcome.startMs, initMs: outcome.initMs, wallMs: outcome.wallMs, harnessMs: harness },
  };
}
