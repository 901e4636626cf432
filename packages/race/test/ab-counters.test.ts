// The counter verdict on hand-made A/B results: growth past the threshold fails, shrinking is
// an improvement, counters that move between runs of one build are not judged, peaks and hits
// are shown only.
import { describe, expect, it } from 'vitest';
import { compareCounters, isWorkCounter, type AbResults, type AbRun } from '../src/index.js';

const run = (side: 'base' | 'head', round: number, counters: Record<string, number>, verdict: AbRun['verdict'] = 'unique'): AbRun => ({
  side,
  round,
  state: 'completed',
  verdict,
  verified: true,
  counters,
  wallMs: 10,
});

function results(tasks: { engine: string; puzzle?: string; base: Record<string, number>[]; head: Record<string, number>[] }[]): AbResults {
  return {
    format: 'gridrace-ab-results',
    schema: 1,
    env: {} as AbResults['env'],
    options: { engines: [], puzzles: [], rounds: 2, timing: { iterations: 2 }, timeLimitMs: 1000, clock: 'cpu', memoryMb: 100 },
    base: { ref: 'base', engines: [] },
    head: { ref: 'head', engines: [] },
    puzzles: [],
    tasks: tasks.map((t) => ({
      engine: t.engine,
      puzzle: t.puzzle ?? 'p',
      kind: 'nonogram',
      runs: [...t.base.map((c, i) => run('base', i + 1, c)), ...t.head.map((c, i) => run('head', i + 1, c))],
    })),
    disagreements: [],
    wallMs: 1,
  };
}

describe('compareCounters', () => {
  it('fails a work counter that grows past the threshold and names it', () => {
    const c = compareCounters(results([{ engine: 'e', base: [{ linesSolved: 1000, nodes: 5 }, { linesSolved: 1000, nodes: 5 }], head: [{ linesSolved: 1100, nodes: 5 }, { linesSolved: 1100, nodes: 5 }] }]));
    expect(c.regressions).toHaveLength(1);
    expect(c.regressions[0]).toMatchObject({ engine: 'e', counter: 'linesSolved', base: 1000, head: 1100, status: 'more' });
    expect(c.regressions[0]!.change).toBeCloseTo(0.1);
    expect(c.counted).toEqual(['e']);
  });

  it('passes growth within the threshold or by fewer than minCount, and reports shrinking as an improvement', () => {
    const c = compareCounters(
      results([
        { engine: 'a', base: [{ linesSolved: 1000 }], head: [{ linesSolved: 1015 }] },
        { engine: 'b', base: [{ nodes: 1 }], head: [{ nodes: 2 }] },
        { engine: 'c', base: [{ probes: 500 }], head: [{ probes: 400 }] },
      ]),
    );
    expect(c.regressions).toEqual([]);
    expect(c.improvements.map((x) => x.engine)).toEqual(['c']);
    // The same growth fails at a lower threshold; 1 -> 2 fails once minCount is 1.
    expect(compareCounters(results([{ engine: 'a', base: [{ linesSolved: 1000 }], head: [{ linesSolved: 1015 }] }]), { threshold: 0.01 }).regressions).toHaveLength(1);
    expect(compareCounters(results([{ engine: 'b', base: [{ nodes: 1 }], head: [{ nodes: 2 }] }]), { minCount: 1 }).regressions).toHaveLength(1);
  });

  it('does not judge a counter that differs between runs of one build, and calls that engine uncounted', () => {
    const c = compareCounters(results([{ engine: 'e', base: [{ conflicts: 100 }, { conflicts: 130 }], head: [{ conflicts: 200 }, { conflicts: 200 }] }]));
    expect(c.regressions).toEqual([]);
    expect(c.changes[0]!.status).toBe('unsteady');
    expect(c.uncounted).toEqual(['e']);
  });

  it('shows peaks, hits and reuse without judging them', () => {
    expect(['maxDepth', 'cacheHits', 'probesReused', 'learnedByProbing'].map(isWorkCounter)).toEqual([false, false, false, false]);
    expect(['linesSolved', 'probes', 'nodes', 'conflicts', 'placements'].every(isWorkCounter)).toBe(true);
    const c = compareCounters(results([{ engine: 'e', base: [{ maxDepth: 3, nodes: 10 }], head: [{ maxDepth: 30, nodes: 10 }] }]));
    expect(c.regressions).toEqual([]);
    expect(c.changes.find((x) => x.counter === 'maxDepth')).toMatchObject({ status: 'more', work: false });
  });

  it('leaves out engines without counters and runs without a settled verdict', () => {
    const r = results([{ engine: 'z3', base: [{}], head: [{}] }]);
    const c = compareCounters(r);
    expect(c.counted).toEqual([]);
    expect(c.uncounted).toEqual(['z3']);
    const timedOut = results([{ engine: 'e', base: [{ nodes: 10 }], head: [{ nodes: 99 }] }]);
    const headRun = timedOut.tasks[0]!.runs[1]!;
    (timedOut.tasks[0]!.runs as AbRun[])[1] = { ...headRun, verdict: 'incomplete' };
    expect(compareCounters(timedOut).regressions).toEqual([]);
  });
});
