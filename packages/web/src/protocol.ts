// Messages between the page and a solve worker (one worker per engine and puzzle).
import type { Puzzle, Solution, SolveStats, StopReason, Verdict } from '@gridrace/core';

export interface SolveRequest {
  readonly engine: string;
  readonly puzzle: Puzzle;
  readonly maxSolutions: number;
  readonly timeLimitMs: number;
  /** Timed solves after the first (the first one's answer is the one checked). */
  readonly runs: number;
  /** Record the steps of line solving (the naive engine's lines, before any branching) instead of timing. */
  readonly steps?: boolean;
}

/** One line that fixed cells, and the grid after it (255 = unknown). */
export interface LineStep {
  readonly pass: number;
  readonly line: number;
  readonly fixed: number;
  readonly grid: Uint8Array;
}

export type WorkerReply =
  | { readonly type: 'ready'; readonly initMs: number }
  | {
      readonly type: 'done';
      readonly verdict: Verdict;
      readonly reason?: StopReason;
      readonly solutions: readonly Solution[];
      readonly stats: SolveStats;
      /** Wall time of each solve, ms (performance.now in the worker). */
      readonly samples: readonly number[];
    }
  | { readonly type: 'steps'; readonly verdict: Verdict; readonly steps: readonly LineStep[]; readonly truncated: boolean }
  | { readonly type: 'error'; readonly message: string };
