// The results file format: a real race's file passes the published JSON Schema (checked by
// Ajv, a standard validator) and the package's own reader; broken files are refused by both.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { RESULTS_JSON_SCHEMA, Race, ResultsFileError, loadEngineModules, parseResults, schemaProblems, stringifyResults, writeOutputs, type RaceResults } from '../src/index.js';
import { FRAME, entry } from './helpers.js';

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(RESULTS_JSON_SCHEMA);

let real: RaceResults | undefined;
async function realResults(): Promise<RaceResults> {
  real ??= await new Race({ puzzles: [entry(FRAME, 'frame')], engines: ['naive'], timing: { iterations: 2 } }).run();
  return real;
}

/** A deep copy with one change. */
function mutate(r: RaceResults, change: (copy: Record<string, any>) => void): unknown {
  const copy = JSON.parse(JSON.stringify(r));
  change(copy);
  return copy;
}

describe('results JSON schema', () => {
  it('a real race file is valid for Ajv and for the reader, and survives a round trip', async () => {
    const r = await realResults();
    const json = JSON.parse(stringifyResults(r));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(schemaProblems(json)).toEqual([]);
    expect(parseResults(stringifyResults(r), 'x.json')).toEqual(json);
    expect(r.schema).toBe(1);
    expect(r.env.node).toBe(process.version);
    expect(r.env.versions['@gridrace/core']).toMatch(/^\d+\.\d+\.\d+/);
    expect(r.env.versions.tinybench).toMatch(/^6\./);
    expect(r.tasks[0]!.samples!.n).toBe(2);
    // CPU time by default, with the wall-clock mean kept beside it.
    expect(r.options.clock).toBe('cpu');
    expect(r.tasks[0]!.wallMean).toBeGreaterThan(0);
  });

  it('broken files are refused by Ajv and by the reader alike', async () => {
    const r = await realResults();
    const broken: [string, unknown][] = [
      ['no tasks', mutate(r, (c) => delete c.tasks)],
      ['unknown state', mutate(r, (c) => (c.tasks[0].state = 'exploded'))],
      ['median as text', mutate(r, (c) => (c.tasks[0].samples.median = '3 ms'))],
      ['negative sample', mutate(r, (c) => (c.tasks[0].samples.samples[0] = -1))],
      ['both timings', mutate(r, (c) => (c.options.timing = { timeMs: 5, iterations: 3 }))],
      ['cores not whole', mutate(r, (c) => (c.env.cores = 1.5))],
      ['verdict unknown', mutate(r, (c) => (c.tasks[0].verdict = 'maybe'))],
    ];
    for (const [what, value] of broken) {
      expect(validate(value), what).toBe(false);
      expect(schemaProblems(value).length, what).toBeGreaterThan(0);
      expect(() => parseResults(JSON.stringify(value), 'bad.json'), what).toThrow(ResultsFileError);
    }
  });

  it('the reader refuses what the schema cannot see: a puzzle or a task twice, a task on no listed puzzle', async () => {
    const r = await realResults();
    const refusal = (change: (copy: Record<string, any>) => void) => {
      try {
        parseResults(JSON.stringify(mutate(r, change)), 'r.json');
        return 'accepted';
      } catch (err) {
        return err instanceof ResultsFileError ? err.message : `not a ResultsFileError: ${String(err)}`;
      }
    };
    expect(refusal((c) => c.tasks.push(c.tasks[0]))).toBe('r.json: not a valid results file: the task of naive on frame is there twice');
    expect(refusal((c) => c.puzzles.push(c.puzzles[0]))).toBe('r.json: not a valid results file: puzzle frame is listed twice');
    expect(refusal((c) => (c.tasks[0].puzzle = 'elsewhere'))).toBe('r.json: not a valid results file: the task of naive is on puzzle elsewhere, which is not listed');
  });

  it('the reader names the file and the problem', async () => {
    const r = await realResults();
    expect(() => parseResults('{', 'a.json')).toThrow(/^a\.json: not JSON/);
    expect(() => parseResults('{"x":1}', 'b.json')).toThrow(/b\.json: not a gridrace race results file/);
    expect(() => parseResults(JSON.stringify({ ...r, schema: 99 }), 'c.json')).toThrow(/schema 99 is not supported/);
    expect(() => parseResults(JSON.stringify(mutate(r, (c) => (c.tasks[0].state = 'exploded'))), 'd.json')).toThrow(/\$\.tasks\[0\]\.state/);
  });
});

describe('results of engines that break the solve contract', () => {
  it('are still valid files, with those tasks errored and nothing settled or timed', async () => {
    const fixtures = new URL('./fixtures/engines.mjs', import.meta.url).href;
    await loadEngineModules([fixtures]);
    const bad = ['fixture-banana', 'fixture-empty-unique', 'fixture-twin-multiple', 'fixture-none-with', 'fixture-maybe'];
    const results = await new Race({ puzzles: [entry(FRAME, 'frame')], engines: [...bad, 'fixture-known'], timing: { iterations: 1 }, load: [fixtures] }).run();
    const dir = mkdtempSync(join(tmpdir(), 'gridrace-schema-'));
    const text = readFileSync(writeOutputs(results, dir).results, 'utf8');
    const parsed = parseResults(text, 'results.json');
    expect(validate(JSON.parse(text)), JSON.stringify(validate.errors)).toBe(true);
    const byEngine = new Map(parsed.tasks.map((t) => [t.engine, t]));
    for (const engine of bad) {
      const t = byEngine.get(engine)!;
      expect(t.state, engine).toBe('errored');
      expect(t.verdict, engine).toBeUndefined();
      expect(t.reason, engine).toBeUndefined();
      expect(t.samples, engine).toBeUndefined();
    }
    expect(byEngine.get('fixture-banana')!.message).toMatch(/reason "banana", not one of time-limit, aborted, limit, solution-limit/);
    expect(byEngine.get('fixture-empty-unique')!.message).toMatch(/unique with no solution/);
    expect(byEngine.get('fixture-none-with')!.message).toMatch(/none with 1 solution/);
    expect(byEngine.get('fixture-maybe')!.message).toMatch(/verdict "maybe"/);
    // Two copies of one grid pass the worker's count check; the parent's verified, distinct count refuses them.
    expect(byEngine.get('fixture-twin-multiple')!.message).toMatch(/impossible answer: multiple with 1 distinct verified solution/);
    expect(byEngine.get('fixture-known')).toMatchObject({ state: 'completed', verdict: 'unique', verified: true });
    expect(parsed.summary).toMatchObject({ tasks: 6, completed: 1, errors: 5 });
    // The errored claims settle nothing, so nobody disagrees with the good engine.
    expect(parsed.disagreements).toEqual([]);
  });
});
