// How long a race will take, said before it starts. The best guide is what the same tasks took
// before: each engine-puzzle pair (by the puzzle's content hash) is looked up in earlier
// results files, newest first, among races timed the same way (timing budget, clock, time
// limit, calibration, slices), and its wall time there counts, scaled by that race's own share of time
// spent between tasks. Tasks never measured that way fall back to a model (worker start and
// timing budget per task, calibration per puzzle), which cannot know a slow solve: the plan
// line then says so.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { estimateRaceMs } from './presets.js';
import { WARMUP_SHARE } from './protocol.js';
import { RESULTS_FORMAT, type RaceResults, type RaceRunOptions, type TimingOptions } from './types.js';

/** What the estimate needs of a planned task. */
export interface EstimatedTask {
  readonly engine: string;
  /** The puzzle's content hash (PuzzleRecord.hash). */
  readonly puzzleHash: string;
}

/** How the race to estimate is timed; earlier races count only when timed the same way. */
export interface EstimateOptions {
  readonly timing: TimingOptions;
  readonly clock: RaceRunOptions['clock'];
  readonly timeLimitMs: number;
  readonly calibration: boolean;
  /** Slices per task (absent: 1). */
  readonly slices?: number;
}

/** An earlier race, as the estimate uses it. */
export interface PastRace {
  /** Where it was read from (for the plan line). */
  readonly source: string;
  readonly options: EstimateOptions;
  /** Wall ms by `engine \0 puzzleHash`. */
  readonly taskMs: ReadonlyMap<string, number>;
  /** The race's wall time over the sum of its tasks' wall times (calibration, start-up, gaps). */
  readonly overhead: number;
}

export interface RaceEstimate {
  readonly ms: number;
  /** Tasks whose time comes from an earlier race. */
  readonly measured: number;
  readonly total: number;
  /** The earlier races used, newest first. */
  readonly sources: readonly string[];
}

const key = (engine: string, hash: string) => `${engine}\u0000${hash}`;

const sameTiming = (a: EstimateOptions, b: EstimateOptions) =>
  a.clock === b.clock &&
  a.timeLimitMs === b.timeLimitMs &&
  a.calibration === b.calibration &&
  (a.slices ?? 1) === (b.slices ?? 1) &&
  ('timeMs' in a.timing ? 'timeMs' in b.timing && a.timing.timeMs === b.timing.timeMs : 'iterations' in b.timing && a.timing.iterations === b.timing.iterations);

/** The estimate's view of a results file. */
export function pastRace(results: RaceResults, source: string): PastRace {
  const hashes = new Map(results.puzzles.map((p) => [p.id, p.hash]));
  const taskMs = new Map<string, number>();
  let sum = 0;
  for (const t of results.tasks) {
    const hash = hashes.get(t.puzzle);
    if (hash === undefined) continue;
    taskMs.set(key(t.engine, hash), t.overhead.wallMs);
    sum += t.overhead.wallMs;
  }
  const { timing, clock, timeLimitMs, calibration, slices } = results.options;
  return { source, options: { timing, clock, timeLimitMs, calibration, ...(slices !== undefined ? { slices } : {}) }, taskMs, overhead: sum > 0 ? Math.max(1, results.summary.wallMs / sum) : 1 };
}

/** Each task from the newest earlier race timed the same way that has it, the rest from the model. */
export function estimateRace(tasks: readonly EstimatedTask[], puzzles: number, options: EstimateOptions, past: readonly PastRace[]): RaceEstimate {
  const usable = past.filter((p) => sameTiming(p.options, options));
  let ms = 0;
  let measured = 0;
  const sources = new Set<string>();
  // A sliced task starts a worker per slice, each with its share of the budget and, beyond
  // that share's own warm-up, the rest of the whole task's.
  const slices = options.slices ?? 1;
  const budgetMs = 'timeMs' in options.timing ? options.timing.timeMs : 0;
  const modelPerTask = slices * estimateRaceMs(1, 0, budgetMs / slices + budgetMs * WARMUP_SHARE * (1 - 1 / slices), false);
  for (const t of tasks) {
    const from = usable.find((p) => p.taskMs.has(key(t.engine, t.puzzleHash)));
    if (from) {
      ms += from.taskMs.get(key(t.engine, t.puzzleHash))! * from.overhead;
      measured++;
      sources.add(from.source);
    } else ms += modelPerTask;
  }
  // The model's calibration cost, for puzzles no earlier race accounts for.
  if (measured === 0) ms += slices * estimateRaceMs(0, puzzles, 0, options.calibration);
  return { ms, measured, total: tasks.length, sources: [...sources] };
}

/**
 * The races under `dir` (each folder's results.json, and one directly in it), newest first, at
 * most `limit` of them; files that cannot be read or parsed are passed over, since a guess
 * must never stop a race.
 */
export function readPastRaces(dir: string, limit = 40): PastRace[] {
  if (!existsSync(dir)) return [];
  const files: { file: string; mtime: number }[] = [];
  const consider = (file: string) => {
    try {
      const s = statSync(file);
      if (s.isFile()) files.push({ file, mtime: s.mtimeMs });
    } catch {
      // not there
    }
  };
  consider(join(dir, 'results.json'));
  for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) consider(join(dir, entry.name, 'results.json'));
  files.sort((a, b) => b.mtime - a.mtime);
  const races: PastRace[] = [];
  for (const { file } of files.slice(0, limit)) {
    try {
      const results = JSON.parse(readFileSync(file, 'utf8')) as RaceResults;
      if (results.format !== RESULTS_FORMAT || !Array.isArray(results.tasks) || !results.options) continue;
      races.push(pastRace(results, file));
    } catch {
      // unreadable: no guide
    }
  }
  return races;
}
