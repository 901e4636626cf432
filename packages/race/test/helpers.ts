// Shared test helpers: small puzzles with known unique solutions, and synthetic results files.
import { readFileSync } from 'node:fs';
import { nonogramFromSolution, type NonogramPuzzle } from '@gridrace/core';
import { RESULTS_FORMAT, RESULTS_SCHEMA, corpusPuzzle, summarize, type CorpusPuzzle, type RaceResults, type TaskRecord } from '../src/index.js';

/** A nonogram from rows of `#` and `.`; the rows are its known solution. */
export function nonogram(rows: string[], title: string): NonogramPuzzle {
  const width = rows[0]!.length;
  const cells = Uint8Array.from(rows.join('').split(''), (c) => (c === '#' ? 1 : 0));
  return nonogramFromSolution({ width, height: rows.length, cells }, { title });
}

/** Line-solvable, so its solution is unique (each line has one placement once the frame is known). */
export const FRAME = nonogram(['######', '#....#', '#.##.#', '#.##.#', '#....#', '######'], 'frame');
export const CROSS = nonogram(['..#..', '..#..', '#####', '..#..', '..#..'], 'cross');

export const entry = (p: NonogramPuzzle, id: string): CorpusPuzzle => corpusPuzzle(p, id);

/** Whether process `pid` has ended (or is a zombie) within `withinMs`, polled every 20 ms (Linux). */
export async function processGone(pid: number, withinMs = 10_000): Promise<boolean> {
  const end = performance.now() + withinMs;
  for (;;) {
    try {
      process.kill(pid, 0);
      if (/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) return true;
    } catch {
      return true;
    }
    if (performance.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Threads of this process (Linux), to see that no worker is left behind. */
export function threadCount(): number {
  const m = /^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : -1;
}

/** A seeded normal generator (Box-Muller over an LCG), for synthetic samples. */
export function normalSource(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

export interface SyntheticRun {
  engines: string[];
  puzzles: number;
  seed: number;
  /** Per engine, a factor on its true time (1.15 = 15% more work). */
  slowdown?: Record<string, number>;
  /** Per task `engine:puzzleIndex`, a factor on its true time. */
  taskSlowdown?: Record<string, number>;
  /** The whole machine's speed this run (2 = everything, calibration included, takes twice as long). */
  machine?: number;
  /** Scale of the task times in milliseconds (default 1: tasks take 1, 2, 3... ms). */
  unitMs?: number;
  /** Relative noise (sd) of single samples. */
  noise?: number;
  /** Relative run-to-run jitter (sd) of each task's true time, which samples cannot see. */
  jitter?: number;
  samples?: number;
  /**
   * A sliced race: each task timed in this many slices, each of which lands on a level twice as
   * slow with probability about 0.4 (a thread's slow stretch on a shared machine), the
   * calibration's slices alike.
   */
  slices?: number;
  shard?: string;
  /** Only these puzzle indexes (for shards). */
  only?: number[];
  cpu?: string;
  states?: Record<string, TaskRecord['state']>;
}

/** A results file as the race would write it, with samples drawn around known true times. */
export function syntheticRun(o: SyntheticRun): RaceResults {
  const normal = normalSource(o.seed);
  const n = o.samples ?? 15;
  const machine = o.machine ?? 1;
  const noise = o.noise ?? 0.03;
  const draw = (truth: number) => Array.from({ length: n }, () => Math.max(truth * 0.5, truth * (1 + noise * normal())));
  const indexes = o.only ?? Array.from({ length: o.puzzles }, (_, i) => i);
  const puzzles = indexes.map((i) => ({ id: `p${i}`, file: `p${i}.json`, index: 0, kind: 'nonogram' as const, width: 10, height: 10, hash: `h${i}` }));
  const tasks: TaskRecord[] = [];
  for (const i of indexes) {
    for (const [e, engine] of o.engines.entries()) {
      const state = o.states?.[`${engine}:${i}`] ?? 'completed';
      const overhead = { startMs: 40, initMs: 0, wallMs: 500, harnessMs: 45 };
      if (state !== 'completed') {
        tasks.push({ engine, puzzle: `p${i}`, state, verified: true, solutions: 0, message: 'synthetic', overhead });
        continue;
      }
      const jitter = 1 + (o.jitter ?? 0) * normal();
      const truth = (o.unitMs ?? 1) * (1 + i) * (1 + e) * machine * jitter * (o.slowdown?.[engine] ?? 1) * (o.taskSlowdown?.[`${engine}:${i}`] ?? 1);
      const settled = { engine, puzzle: `p${i}`, state, verdict: 'unique' as const, verified: true, solutions: 1, solutionHash: `s${i}`, overhead };
      if (o.slices !== undefined) {
        // P(normal > 0.25) is about 0.4: the slice's thread is on its slow level.
        const level = (t: number) => Array.from({ length: o.slices! }, () => t * (normal() > 0.25 ? 2 : 1) * (1 + 0.02 * normal()));
        const slices = level(truth);
        const calibrationSlices = level(machine);
        const pooled = (levels: number[]) => summarize(levels.flatMap((m) => draw(m)));
        tasks.push({ ...settled, samples: pooled(slices), calibration: pooled(calibrationSlices), slices, calibrationSlices });
      } else {
        tasks.push({ ...settled, samples: summarize(draw(truth)), calibration: summarize(draw(machine)) });
      }
    }
  }
  return {
    schema: RESULTS_SCHEMA,
    format: RESULTS_FORMAT,
    env: {
      cpu: o.cpu ?? 'Test CPU',
      cores: 2,
      memoryMb: 1024,
      os: 'test',
      arch: 'x64',
      node: 'v20',
      v8: '11',
      versions: {},
      date: '2026-01-01T00:00:00.000Z',
      loadAverage: 1,
      ci: false,
    },
    options: {
      engines: o.engines,
      puzzles: ['synthetic'],
      timeLimitMs: 10_000,
      timing: { timeMs: 500 },
      clock: 'cpu',
      memoryMb: 2048,
      calibration: true,
      load: [],
      ...(o.slices !== undefined ? { slices: o.slices } : {}),
      ...(o.shard ? { shard: o.shard } : {}),
    },
    engines: o.engines.map((name) => ({ name, kind: 'nonogram' as const, description: name })),
    puzzles,
    tasks,
    disagreements: [],
    summary: { tasks: tasks.length, completed: tasks.length, timeouts: 0, ooms: 0, errors: 0, disagreements: 0, unverified: 0, harnessMsMedian: 45, startMsMedian: 40, wallMs: 1000 },
  };
}
