// Race results of a made-up history: commits one day apart, engines whose true time per
// puzzle is known, seeded noise, optional slowdowns from a given commit on, and the machine
// each race ran on. The files are real results files (they pass the race's schema check).
import { RESULTS_FORMAT, RESULTS_SCHEMA, summarize, type RaceResults, type TaskRecord } from '@gridrace/race';
import { Random } from '@gridrace/core';

/** Standard normal draws (Box-Muller) from a seeded source. */
export function normals(seed: number): () => number {
  const u = new Random(seed);
  return () => Math.sqrt(-2 * Math.log(1 - u.float())) * Math.cos(2 * Math.PI * u.float());
}

export interface SyntheticRace {
  /** The commit's number: its sha is derived from it, its date is day `commit` of 2026. */
  readonly commit: number;
  readonly engines: readonly string[];
  readonly puzzles: number;
  readonly seed: number;
  /** Relative noise of a run's median. Default 0.03. */
  readonly noise?: number;
  /** A factor on an engine's true time. */
  readonly slowdown?: Readonly<Record<string, number>>;
  readonly cpu?: string;
  /** Work counters a task reports (`linesSolved`), per engine factor. Default 1. */
  readonly work?: Readonly<Record<string, number>>;
}

export const shaOf = (commit: number) => commit.toString(16).padStart(4, '0').repeat(10);
export const dateOf = (commit: number, hour = 0) => new Date(Date.UTC(2026, 0, 1 + commit, hour)).toISOString();

export function syntheticRace(o: SyntheticRace): RaceResults {
  const z = normals(o.seed);
  const noise = o.noise ?? 0.03;
  const puzzles = Array.from({ length: o.puzzles }, (_, i) => ({ id: `puzzles/p${i}.json`, file: `puzzles/p${i}.json`, index: 0, kind: 'nonogram' as const, width: 10, height: 10, hash: `h${i}` }));
  const tasks: TaskRecord[] = [];
  for (const [e, engine] of o.engines.entries()) {
    for (let i = 0; i < o.puzzles; i++) {
      const truth = (1 + i) * (1 + e) * (o.slowdown?.[engine] ?? 1);
      const samples = Array.from({ length: 9 }, () => truth * (1 + noise * z()));
      tasks.push({
        engine,
        puzzle: puzzles[i]!.id,
        state: 'completed',
        verdict: 'unique',
        verified: true,
        solutions: 1,
        solutionHash: `s${i}`,
        samples: summarize(samples),
        counters: { linesSolved: Math.round(100 * (1 + i) * (o.work?.[engine] ?? 1)), nodes: 1 },
        overhead: { startMs: 40, initMs: 0, wallMs: 500, harnessMs: 45 },
      });
    }
  }
  return {
    schema: RESULTS_SCHEMA,
    format: RESULTS_FORMAT,
    env: { cpu: o.cpu ?? 'Test CPU', cores: 2, memoryMb: 1024, os: 'test', arch: 'x64', node: 'v20', v8: '11', versions: { '@gridrace/race': '0.1.0' }, gitSha: shaOf(o.commit), gitDirty: false, date: dateOf(o.commit, 1), loadAverage: 1, ci: false },
    options: { engines: [...o.engines], puzzles: ['suite.txt'], timeLimitMs: 10_000, timing: { timeMs: 500 }, clock: 'cpu', memoryMb: 2048, calibration: false, load: [] },
    engines: o.engines.map((name) => ({ name, kind: 'nonogram' as const, description: name })),
    puzzles,
    tasks,
    disagreements: [],
    summary: { tasks: tasks.length, completed: tasks.length, timeouts: 0, ooms: 0, errors: 0, disagreements: 0, unverified: 0, harnessMsMedian: 45, startMsMedian: 40, wallMs: 1000 },
  };
}
