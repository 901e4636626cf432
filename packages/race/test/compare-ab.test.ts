// The A/B verdict on synthetic rounds with known truth: Hodges-Lehmann estimates with the
// Wilcoxon signed-rank interval, an engine pooling its tasks' pairs, a change flagged only
// when its whole interval lies beyond the threshold, and pairs spoiled by a slow run shrugged off.
import { describe, expect, it } from 'vitest';
import { compareAb, type AbResults, type AbRun, type AbTask } from '../src/index.js';
import { normalSource } from './helpers.js';

function results(tasks: AbTask[], rounds: number): AbResults {
  const build = (ref: string) => ({ ref, sha: ref.repeat(40).slice(0, 40), engines: [...new Set(tasks.map((t) => t.engine))].map((name) => ({ name, kind: 'nonogram' as const, description: '' })) });
  return {
    format: 'gridrace-ab-results',
    schema: 1,
    env: { cpu: 'test', cores: 2, memoryMb: 1, os: 'test', arch: 'x64', node: 'v20', v8: '11', versions: {}, date: '2026-12-01T00:00:00Z', loadAverage: 0, ci: false },
    options: { engines: [], puzzles: [], rounds, timing: { timeMs: 150 }, timeLimitMs: 10_000, clock: 'cpu', memoryMb: 2048 },
    base: build('a'),
    head: build('b'),
    puzzles: [],
    tasks,
    disagreements: [],
    wallMs: 0,
  };
}

const run = (side: 'base' | 'head', round: number, median: number | undefined, extra: Partial<AbRun> = {}): AbRun => ({
  side,
  round,
  state: 'completed',
  verdict: 'unique',
  verified: true,
  ...(median !== undefined ? { median, p10: median, min: median, samples: 5 } : {}),
  wallMs: 1,
  ...extra,
});

/**
 * Tasks of one engine whose head takes `factor` times base's time, with `noise` (sd of the
 * log) per run, and a share `spoiled` of runs that take twice as long (a host that took the core).
 */
function timedTasks(engine: string, count: number, rounds: number, factor: number, noise: number, seed: number, spoiled = 0): AbTask[] {
  const normal = normalSource(seed);
  let state = seed;
  const uniform = () => ((state = (Math.imul(state, 48271) + 11) >>> 0) % 1_000_000) / 1_000_000;
  const slow = () => (uniform() < spoiled ? 2 : 1);
  const tasks: AbTask[] = [];
  for (let t = 0; t < count; t++) {
    const runs: AbRun[] = [];
    for (let r = 1; r <= rounds; r++) {
      // A round's shared noise (a busy neighbour) hits both sides of the round alike.
      const shared = Math.exp(0.08 * normal());
      runs.push(run('base', r, (t + 1) * shared * slow() * Math.exp(noise * normal())), run('head', r, (t + 1) * factor * shared * slow() * Math.exp(noise * normal())));
    }
    tasks.push({ engine, puzzle: `p${t}`, kind: 'nonogram', runs });
  }
  return tasks;
}

describe('compareAb', () => {
  it('never flags unchanged builds in 200 synthetic gates of 14 rounds, and flags a 10% slowdown in at least 170, with 15% of runs spoiled and 8% drift between rounds', () => {
    let alarms = 0;
    let caught = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const same = compareAb(results(timedTasks('e', 7, 14, 1, 0.05, seed, 0.15), 14));
      if (same.engines[0]!.status !== 'same') alarms++;
      const slow = compareAb(results(timedTasks('e', 7, 14, 1.1, 0.05, seed + 1000, 0.15), 14));
      if (slow.engines[0]!.status === 'slower') caught++;
    }
    expect(alarms).toBe(0);
    expect(caught).toBeGreaterThanOrEqual(170);
  });

  it('gives engines 95% intervals and lets the tasks share 95% (each at 1 - 5%/tasks)', () => {
    const one = timedTasks('e', 1, 14, 1.08, 0.04, 11);
    const alone = compareAb(results(one, 14));
    // One task: its interval is the engine's, at 95%.
    expect(alone.tasks[0]!.low).toBeCloseTo(alone.engines[0]!.low, 12);
    expect(alone.tasks[0]!.high).toBeCloseTo(alone.engines[0]!.high, 12);
    // The same task among 21 others (copies under other names): a wider interval of its own.
    const many = compareAb(results([...one, ...Array.from({ length: 21 }, (_, i) => ({ ...one[0]!, puzzle: `copy${i}` }))], 14));
    const task = many.tasks.find((t) => t.puzzle === one[0]!.puzzle)!;
    expect(task.ratio).toBeCloseTo(alone.tasks[0]!.ratio!, 12);
    expect(task.low!).toBeLessThan(alone.tasks[0]!.low!);
    expect(task.high!).toBeGreaterThan(alone.tasks[0]!.high!);
  });

  it('cancels noise that a round shares between its two runs', () => {
    // Per-round swings (8% sd of the log) far above the per-run noise: the pairs still see 20%.
    const c = compareAb(results(timedTasks('e', 3, 8, 1.2, 0.01, 7), 8));
    expect(c.engines[0]!.ratio).toBeGreaterThan(1.17);
    expect(c.engines[0]!.ratio).toBeLessThan(1.23);
    expect(c.engines[0]!.status).toBe('slower');
    expect(c.tasks.every((t) => t.status === 'slower')).toBe(true);
  });

  it('says faster, and same when the interval straddles the threshold', () => {
    expect(compareAb(results(timedTasks('e', 5, 8, 0.8, 0.02, 3), 8)).engines[0]!.status).toBe('faster');
    // A change right at the threshold: the interval straddles it.
    const noisy = compareAb(results(timedTasks('e', 3, 8, 1.05, 0.02, 4), 8));
    expect(noisy.engines[0]!.low).toBeLessThan(1.05);
    expect(noisy.engines[0]!.high).toBeGreaterThan(1.05);
    expect(noisy.engines[0]!.status).toBe('same');
    expect(noisy.regressions).toBe(0);
  });

  it('reports broken, fixed, changed verdicts and untimed tasks without ratios', () => {
    const unsettled = (side: 'base' | 'head') => run(side, 1, undefined, { state: 'timeout', verdict: 'incomplete', reason: 'time-limit' });
    const tasks: AbTask[] = [
      { engine: 'e', puzzle: 'broken', kind: 'nonogram', runs: [run('base', 1, 1), unsettled('head')] },
      { engine: 'e', puzzle: 'fixed', kind: 'nonogram', runs: [unsettled('base'), run('head', 1, 1)] },
      { engine: 'e', puzzle: 'changed', kind: 'nonogram', runs: [run('base', 1, 1), run('head', 1, 1, { verdict: 'multiple' })] },
      { engine: 'e', puzzle: 'neither', kind: 'nonogram', runs: [unsettled('base'), unsettled('head')] },
      { engine: 'e', puzzle: 'crashed', kind: 'nonogram', runs: [unsettled('base'), run('head', 1, undefined, { state: 'errored', verdict: undefined, message: 'boom' })] },
    ];
    const c = compareAb(results(tasks, 2));
    expect(Object.fromEntries(c.tasks.map((t) => [t.puzzle, t.status]))).toEqual({ broken: 'broken', fixed: 'fixed', changed: 'verdict-changed', neither: 'not-timed', crashed: 'broken' });
    expect(c.regressions).toBe(3);
    expect(c.engines).toEqual([]);
  });
});
