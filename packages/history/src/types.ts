// What goes into the history and what comes out of it.
import type { RaceEnv, SampleSummary } from '@gridrace/race/records';

/** Where a run came from. */
export type RunSource = 'race' | 'ab' | 'gate';
export type RunSide = 'base' | 'head';

/** The machine a run was measured on (the race's record of it); `fingerprint` changes when any other field does. */
export interface MachineInfo extends Pick<RaceEnv, 'cpu' | 'cores' | 'memoryMb' | 'os' | 'arch' | 'node'> {
  readonly fingerprint: string;
}

/** Times in ms, over the independent runs (rounds) of one task, or one run's samples for a race. */
export type ResultSummary = Pick<SampleSummary, 'n' | 'median' | 'mean' | 'min' | 'max' | 'sd' | 'mad'>;

export interface ResultInput {
  readonly engine: string;
  readonly kind: string;
  readonly puzzle: string;
  readonly puzzleHash: string;
  readonly state: string;
  readonly verdict?: string;
  readonly verified: boolean;
  /** The engine's code fingerprint (the gate's), when known. */
  readonly code?: string;
  /** Absent when the task was not timed. */
  readonly summary?: ResultSummary;
  /** The median of each independent run of the task (ms): the points change detection uses. */
  readonly rounds?: readonly number[];
  readonly counters?: Readonly<Record<string, number>>;
}

export interface RunInput {
  /** A hash of the run's content: the same run added twice is kept once. */
  readonly key: string;
  readonly source: RunSource;
  readonly side?: RunSide;
  readonly date: string;
  readonly gitSha?: string;
  readonly gitDirty?: boolean;
  readonly commitDate?: string;
  readonly suite: string;
  readonly clock: string;
  readonly machine: MachineInfo;
  readonly versions: Readonly<Record<string, string>>;
  readonly report?: string;
  readonly results: readonly ResultInput[];
}

/** A run as listed (`history list`). */
export interface RunRow {
  readonly id: number;
  readonly source: RunSource;
  readonly side: RunSide | null;
  readonly date: string;
  readonly gitSha: string | null;
  readonly gitDirty: number | null;
  readonly commitDate: string | null;
  readonly suite: string;
  readonly clock: string;
  readonly machineId: number;
  readonly report: string | null;
  /** JSON. */
  readonly versions: string;
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly os: string;
  readonly results: number;
}

/** A stored result; `rounds` and `counters` are JSON text. */
export interface ResultRow {
  readonly runId: number;
  readonly engine: string;
  readonly kind: string;
  readonly puzzle: string;
  readonly puzzleHash: string;
  readonly state: string;
  readonly verdict: string | null;
  readonly verified: number;
  readonly code: string | null;
  readonly n: number | null;
  readonly median: number | null;
  readonly mean: number | null;
  readonly min: number | null;
  readonly max: number | null;
  readonly sd: number | null;
  readonly mad: number | null;
  readonly rounds: string | null;
  readonly counters: string | null;
}
