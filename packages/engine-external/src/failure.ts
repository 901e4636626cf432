// What went wrong with a run, in one wording for init() and solve() alike, so a failure is
// called the same wherever it shows up (an init error, a solve error, a `limit` message).
import type { RunResult } from './run.js';

export interface FailureContext {
  /** Exit codes that still carry an answer. */
  readonly answerExitCodes: readonly number[];
  /** The run's output cap (bytes). */
  readonly maxOutputBytes: number;
  /** The run's time limit (ms), if it had one. */
  readonly timeLimitMs?: number | undefined;
}

/** Why a signal ended a program, for an error message. */
export function signalMeaning(signal: string): string {
  switch (signal) {
    case 'SIGILL':
      return 'illegal instruction: the program was built for CPU features this machine lacks';
    case 'SIGSEGV':
      return 'segmentation fault';
    case 'SIGABRT':
      return 'aborted (often out of memory or a failed assertion)';
    case 'SIGKILL':
      return 'killed';
    default:
      return signal;
  }
}

/** A size in the largest binary unit it is a whole number of (64 MiB, 64 KiB, 1000 bytes). */
export function formatBytes(n: number): string {
  for (const [unit, size] of [['GiB', 2 ** 30], ['MiB', 2 ** 20], ['KiB', 2 ** 10]] as const) {
    if (n >= size && n % size === 0) return `${n / size} ${unit}`;
  }
  return `${n} bytes`;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(3))} s`;

/** The program could not be started at all (not found, not executable, not a program). */
export function cannotRun(name: string, program: string, reason: string): string {
  return `${name} cannot run ${program}: ${reason}`;
}

/** Why `run` gave no answer, or undefined when it may carry one (its output is for the parser). */
export function runFailure(name: string, run: RunResult, context: FailureContext): string | undefined {
  switch (run.stopped) {
    case 'time-limit':
      return `${name} did not answer within its ${context.timeLimitMs === undefined ? '' : `${seconds(context.timeLimitMs)} `}time limit`;
    case 'aborted':
      return `${name} was aborted before it answered`;
    case 'output-limit':
      return `${name} printed more than the output cap (${formatBytes(context.maxOutputBytes)})`;
    case undefined:
      break;
  }
  if (run.signal === undefined && context.answerExitCodes.includes(run.code ?? 0)) return undefined;
  const tail = run.stderr.trim().split('\n').slice(-2).join(' | ').slice(0, 300);
  const how = run.signal !== undefined ? `was killed by ${run.signal} (${signalMeaning(run.signal)})` : `exited with code ${run.code ?? '?'}`;
  return `${name} ${how}${tail ? `: ${tail}` : ''}`;
}
