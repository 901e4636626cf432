// Merging shard results: the same file as one run over all puzzles, in the same order;
// overlapping or mismatched inputs refused; the cross-check redone over the union.
import { describe, expect, it } from 'vitest';
import { MergeError, mergeResults, schemaProblems, type RaceResults } from '../src/index.js';
import { syntheticRun } from './helpers.js';

const ENGINES = ['a', 'b'];
const shard = (k: number, n: number, extra = {}) =>
  syntheticRun({ engines: ENGINES, puzzles: 7, seed: k, shard: `${k}/${n}`, only: [0, 1, 2, 3, 4, 5, 6].filter((i) => i % n === k - 1), ...extra });

describe('mergeResults', () => {
  it('puts shards back together in the order of a full run', () => {
    const parts = [shard(2, 3), shard(3, 3), shard(1, 3)];
    const { results, warnings } = mergeResults(parts.map((r, i) => ({ file: `s${i}.json`, results: r })));
    expect(warnings).toEqual([]);
    expect(results.puzzles.map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(results.tasks.map((t) => `${t.puzzle}/${t.engine}`)).toEqual(
      ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6'].flatMap((p) => ENGINES.map((e) => `${p}/${e}`)),
    );
    expect(results.options.shard).toBeUndefined();
    expect(results.shards!.map((s) => s.shard).sort()).toEqual(['1/3', '2/3', '3/3']);
    expect(results.summary.tasks).toBe(14);
    expect(results.summary.wallMs).toBe(3000);
    // The samples come through untouched.
    const original = parts[2]!.tasks.find((t) => t.puzzle === 'p3' && t.engine === 'b')!;
    expect(results.tasks.find((t) => t.puzzle === 'p3' && t.engine === 'b')).toEqual(original);
    expect(schemaProblems(results)).toEqual([]);
  });

  it('warns about a missing shard and refuses a shard given twice', () => {
    const { warnings } = mergeResults([{ file: 'a', results: shard(1, 3) }, { file: 'b', results: shard(3, 3) }]);
    expect(warnings).toEqual(['shard(s) 2/3 missing']);
    expect(() => mergeResults([{ file: 'a', results: shard(1, 2) }, { file: 'b', results: shard(1, 2) }])).toThrow(MergeError);
  });

  it('refuses overlapping tasks and different options', () => {
    const full = syntheticRun({ engines: ENGINES, puzzles: 3, seed: 1 });
    expect(() => mergeResults([{ file: 'x.json', results: full }, { file: 'y.json', results: full }])).toThrow(/in both x.json and y.json/);
    const other: RaceResults = { ...shard(2, 2), options: { ...shard(2, 2).options, timeLimitMs: 1 } };
    expect(() => mergeResults([{ file: 'a', results: shard(1, 2) }, { file: 'b', results: other }])).toThrow(/other options/);
    expect(() => mergeResults([])).toThrow(MergeError);
  });

  it('refuses a puzzle id that means different puzzles', () => {
    const a = shard(1, 2);
    const b = shard(2, 2);
    const clash: RaceResults = { ...b, puzzles: b.puzzles.map((p, i) => (i === 0 ? { ...p, id: 'p0' } : p)) };
    expect(() => mergeResults([{ file: 'a', results: a }, { file: 'b', results: clash }])).toThrow(/differs between the inputs/);
  });

  it('redoes the cross-check over the merged tasks', () => {
    // Two runs of different engines on the same puzzles, merged: they disagree on p1.
    const left = syntheticRun({ engines: ['a'], puzzles: 2, seed: 1 });
    const right = syntheticRun({ engines: ['a'], puzzles: 2, seed: 2 });
    const renamed: RaceResults = {
      ...right,
      tasks: right.tasks.map((t) => ({ ...t, engine: 'a2', ...(t.puzzle === 'p1' ? { verdict: 'none' as const, solutions: 0 } : {}) })),
    };
    const { results } = mergeResults([
      { file: 'l', results: left },
      { file: 'r', results: { ...renamed, options: left.options } },
    ]);
    expect(results.disagreements.map((d) => d.puzzle)).toEqual(['p1']);
    expect(results.disagreements[0]!.message).toMatch(/a says unique, a2 says none/);
    expect(results.summary.disagreements).toBe(1);
  });
});
