// What travels on the queue. A job is one puzzle and the engines to race on it, by name only:
// a worker runs only engines its own machine registers (built-ins, its own --load modules and
// engines file), never a program or module a job names, so a job carrying anything else is
// refused whole. The puzzle travels in core's JSON format and its fingerprint is checked.
import type { MachineRecord, PuzzleRecord, TaskRecord, TimingOptions, Clock } from '@gridrace/race';

/** Bumped when a job's shape changes incompatibly; a worker refuses other versions. */
export const JOB_VERSION = 1;

export interface JobSettings {
  readonly timeLimitMs: number;
  readonly timing: TimingOptions;
  readonly clock: Clock;
  readonly memoryMb: number;
  readonly calibration: boolean;
  readonly graceMs?: number;
}

export interface JobTask {
  /** An engine name; the worker looks it up in its own registry. */
  readonly engine: string;
  /** The task's place in the race's plan. */
  readonly index: number;
}

export interface JobData {
  readonly version: typeof JOB_VERSION;
  /** The race's id: every job of a race has its id as prefix. */
  readonly race: string;
  /** The puzzle in core's JSON format. */
  readonly puzzle: string;
  readonly record: PuzzleRecord;
  readonly tasks: readonly JobTask[];
  readonly settings: JobSettings;
}

/** A machine as a worker describes itself (the race counts its tasks). */
export type Machine = Omit<MachineRecord, 'tasks'>;

/**
 * A job's records and the machines that ran them: its return value, and its progress while it
 * runs, so that the tasks a dead worker finished are not run again (nor lost when the job
 * fails for good).
 */
export interface JobResult {
  readonly machines: readonly Machine[];
  readonly records: readonly { readonly index: number; readonly record: TaskRecord }[];
}

const JOB_KEYS = ['version', 'race', 'puzzle', 'record', 'tasks', 'settings'];
const SETTINGS_KEYS = ['timeLimitMs', 'timing', 'clock', 'memoryMb', 'calibration', 'graceMs'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Why a job's data is not one this worker runs, or undefined when it is. */
export function jobProblem(data: unknown): string | undefined {
  if (!isObject(data)) return 'the job is not an object';
  const extra = Object.keys(data).filter((k) => !JOB_KEYS.includes(k));
  if (extra.length > 0) return `the job carries ${extra.map((k) => `"${k}"`).join(', ')}, which a worker never takes from a queue (it runs only its own engines)`;
  if (data.version !== JOB_VERSION) return `job version ${JSON.stringify(data.version)}, this worker reads version ${JOB_VERSION}`;
  if (typeof data.race !== 'string' || data.race === '') return 'the job names no race';
  if (typeof data.puzzle !== 'string') return 'the job holds no puzzle text';
  const r = data.record;
  if (!isObject(r) || typeof r.id !== 'string' || typeof r.hash !== 'string' || typeof r.kind !== 'string') return "the job's puzzle record has no id, kind or hash";
  if (!Array.isArray(data.tasks) || data.tasks.length === 0) return 'the job holds no tasks';
  for (const t of data.tasks as unknown[]) {
    if (!isObject(t) || typeof t.engine !== 'string' || !Number.isInteger(t.index) || Object.keys(t).some((k) => k !== 'engine' && k !== 'index')) {
      return 'a task is not { engine, index }';
    }
  }
  const s = data.settings;
  if (!isObject(s)) return 'the job has no settings';
  const extraSettings = Object.keys(s).filter((k) => !SETTINGS_KEYS.includes(k));
  if (extraSettings.length > 0) return `the job's settings carry ${extraSettings.map((k) => `"${k}"`).join(', ')}, which a worker never takes from a queue`;
  const timing = s.timing;
  const timingOk = isObject(timing) && (positive(timing.timeMs) || (Number.isInteger(timing.iterations) && (timing.iterations as number) >= 1));
  if (!positive(s.timeLimitMs) || !timingOk || (s.clock !== 'cpu' && s.clock !== 'wall') || !positive(s.memoryMb) || typeof s.calibration !== 'boolean' || (s.graceMs !== undefined && !positive(s.graceMs))) {
    return "the job's settings are not a time limit, timing, clock, memory cap and calibration";
  }
  return undefined;
}

/** The task indexes a job names, as far as they can be read (to answer a refused job task by task). */
export function jobTaskIndexes(data: unknown): { index: number; engine: string }[] {
  if (!isObject(data) || !Array.isArray(data.tasks)) return [];
  return (data.tasks as unknown[]).flatMap((t) => (isObject(t) && Number.isInteger(t.index) ? [{ index: t.index as number, engine: typeof t.engine === 'string' ? t.engine : '?' }] : []));
}

/** Why a job's return value (or progress) is not a result, or undefined. */
export function resultProblem(value: unknown): string | undefined {
  if (!isObject(value) || !Array.isArray(value.machines) || !Array.isArray(value.records)) return 'the worker returned no records';
  for (const m of value.machines as unknown[]) if (!isObject(m) || typeof m.id !== 'string') return 'a returned machine is malformed';
  for (const r of value.records as unknown[]) {
    if (!isObject(r) || !Number.isInteger(r.index) || !isObject(r.record) || typeof r.record.engine !== 'string' || typeof r.record.state !== 'string') return 'a returned record is malformed';
  }
  return undefined;
}
