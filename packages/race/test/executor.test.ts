// The race around an executor: records may come back in any order and more than once (a
// queue delivers at least once); the race keeps one per task, in the plan's order, checks
// each puzzle when its last task is in, and marks the results interrupted when the executor
// stopped early.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { corpusPuzzle } from '../src/corpus.js';
import type { TaskExecutor } from '../src/executor.js';
import { Race } from '../src/race.js';
import { checkResults } from '../src/schema.js';
import type { TaskRecord } from '../src/types.js';

const SEED = fileURLToPath(new URL('../../../puzzles/seed/', import.meta.url));
const puzzles = ['gchq-2015.json', 'z3-prefix-15x15.json'].map((name) => corpusPuzzle(readPuzzle(readFileSync(SEED + name, 'utf8'), { file: name }), name));

/** A record as a worker would send it: `unique` with the known solution, or the verdict given. */
function record(engine: string, puzzle: (typeof puzzles)[number], verdict: 'unique' | 'none'): TaskRecord {
  return {
    engine,
    puzzle: puzzle.record.id,
    state: 'completed',
    verdict,
    verified: true,
    solutions: verdict === 'unique' ? 1 : 0,
    ...(verdict === 'unique' ? { solutionHash: puzzle.record.knownSolution! } : {}),
    overhead: { startMs: 1, initMs: 0, wallMs: 2, harnessMs: 1 },
    machine: 'elsewhere:1',
  };
}

describe('a race with another executor', () => {
  it('keeps one record per task, in plan order, whatever order and however often they arrive', async () => {
    const race = new Race({ puzzles, engines: ['wasm', 'bitmask'], calibration: false });
    const ends: number[] = [];
    const checkedAt: number[] = [];
    race.on('task-end', (e) => ends.push(e.detail.done));
    race.on('disagreement', () => checkedAt.push(ends.length));
    const twice: TaskExecutor = {
      async run(tasks, _engines, _settings, { finished }) {
        // Last task first, each delivered twice; bitmask says "none" on the second puzzle.
        for (let i = tasks.length - 1; i >= 0; i--) {
          const t = tasks[i]!;
          const verdict = t.engine === 'bitmask' && t.puzzle === puzzles[1] ? 'none' : 'unique';
          finished(t, i, record(t.engine, t.puzzle, verdict));
          finished(t, i, { ...record(t.engine, t.puzzle, 'unique'), message: 'a late second delivery' });
        }
        return { machines: [{ id: 'elsewhere:1', host: 'elsewhere', cpu: 'X', cores: 2, memoryMb: 1024, node: 'v20', tasks: { wasm: 2, bitmask: 2 } }], queue: 'q' };
      },
    };
    const results = await race.run(twice);
    checkResults(JSON.parse(JSON.stringify(results)), 'results');
    expect(results.tasks.map((t) => [t.engine, t.puzzle])).toEqual(race.tasks.map((t) => [t.engine, t.puzzle.record.id]));
    expect(results.tasks.some((t) => t.message === 'a late second delivery')).toBe(false);
    expect(ends).toEqual([1, 2, 3, 4]);
    // The second puzzle's tasks arrived first: it was checked (and disagreed) after two.
    expect(checkedAt).toEqual([2]);
    expect(results.disagreements.map((d) => d.puzzle)).toEqual(['z3-prefix-15x15.json']);
    // In plan order, as `race merge` would write it, though bitmask's record came in first.
    expect(results.disagreements[0]!.message).toBe('engines disagree: wasm says unique, bitmask says none');
    expect(results.summary.tasks).toBe(4);
    expect(results.machines?.map((m) => m.id)).toEqual(['elsewhere:1']);
    expect(results.options.queue).toBe('q');
    expect(results.aborted).toBeUndefined();
  });

  it('marks the results interrupted when the executor stopped before every task was done', async () => {
    const race = new Race({ puzzles, engines: ['wasm'], calibration: false });
    const results = await race.run({
      async run(tasks, _engines, _settings, { finished }) {
        finished(tasks[0]!, 0, record('wasm', puzzles[0]!, 'unique'));
        return { stopped: 'lost Redis at 127.0.0.1:1 (connection closed)' };
      },
    });
    checkResults(JSON.parse(JSON.stringify(results)), 'results');
    expect(results.aborted).toBe(true);
    expect(results.tasks).toHaveLength(1);
    expect(results.puzzles.map((p) => p.id)).toEqual(['gchq-2015.json']);
  });
});
