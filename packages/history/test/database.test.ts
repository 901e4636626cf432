// The history file: runs added and read back as they were given, the same run twice kept
// once, files that are not a history (garbage, another program's SQLite, a newer schema)
// refused by name and left byte for byte as they were, and writers in several processes at
// once losing no run.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseResults } from '@gridrace/race';
import { afterAll, describe, expect, it } from 'vitest';
import { History, HistoryFileError, SCHEMA_VERSION, addRuns, changeHistory, loadSqlJs, raceRun, readHistory } from '../src/index.js';
import { shaOf, syntheticRace } from './synthetic.js';

const dir = mkdtempSync(join(tmpdir(), 'gridrace-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a history in memory', () => {
  it('keeps a race as one run with a row per engine and puzzle, read back as given', async () => {
    const history = History.open(await loadSqlJs());
    expect(history.version).toBe(SCHEMA_VERSION);
    const race = syntheticRace({ commit: 3, engines: ['wasm', 'bitmask'], puzzles: 4, seed: 1 });
    // The synthetic file is a valid results file.
    expect(() => parseResults(JSON.stringify(race))).not.toThrow();
    expect(history.addRun(raceRun(race, { suite: 'ci', report: '/r/report.html' }))).toBe(true);
    const [run] = history.runs();
    expect(run).toMatchObject({ source: 'race', side: null, gitSha: shaOf(3), suite: 'ci', clock: 'cpu', cpu: 'Test CPU', cores: 2, report: '/r/report.html', results: 8 });
    const rows = history.results(run!.id);
    expect(rows).toHaveLength(8);
    for (const task of race.tasks) {
      const row = rows.find((r) => r.engine === task.engine && r.puzzle === task.puzzle)!;
      expect(row.median).toBe(task.samples!.median);
      expect(row.n).toBe(task.samples!.n);
      expect(row.verdict).toBe('unique');
      expect(JSON.parse(row.counters!)).toEqual(task.counters);
      expect(JSON.parse(row.rounds!)).toEqual([task.samples!.median]);
    }
  });

  it("names a shard's suite apart from the whole suite's", () => {
    const race = syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 2, seed: 1 });
    expect(raceRun(race, { suite: 'ci' }).suite).toBe('ci');
    expect(raceRun({ ...race, options: { ...race.options, shard: '1/2' } }, { suite: 'ci' }).suite).toBe('ci (shard 1/2)');
  });

  it('adds the same run twice as one', async () => {
    const history = History.open(await loadSqlJs());
    const run = raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 2, seed: 1 }));
    expect(history.addRun(run)).toBe(true);
    expect(history.addRun(run)).toBe(false);
    expect(history.count('runs')).toBe(1);
    expect(history.count('results')).toBe(2);
    // Another race of the same commit is another run.
    expect(history.addRun(raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 2, seed: 2 })))).toBe(true);
    expect(history.count('runs')).toBe(2);
    expect(history.count('machines')).toBe(1);
  });

  it('survives export and open, and lists runs in commit order', async () => {
    const SQL = await loadSqlJs();
    const history = History.open(SQL);
    for (const commit of [5, 2, 9]) history.addRun(raceRun(syntheticRace({ commit, engines: ['wasm'], puzzles: 1, seed: commit }), { commitDate: () => new Date(Date.UTC(2026, 0, commit)).toISOString() }));
    const again = History.open(SQL, history.export());
    expect(again.runs().map((r) => r.gitSha)).toEqual([shaOf(2), shaOf(5), shaOf(9)]);
  });
});

describe('a history file', () => {
  it('refuses bytes that are not SQLite, and leaves them as they were', async () => {
    const file = join(dir, 'garbage.sqlite');
    const garbage = Buffer.from('this is not a database, but it is long enough to look like one '.repeat(20));
    writeFileSync(file, garbage);
    await expect(readHistory(file)).rejects.toThrow(/garbage\.sqlite: not a SQLite database .*left as it is/);
    await expect(addRuns(file, [raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 1, seed: 1 }))])).rejects.toBeInstanceOf(HistoryFileError);
    expect(readFileSync(file).equals(garbage)).toBe(true);
  });

  it('leaves the file untouched when every run added was there already', async () => {
    const file = join(dir, 'again.sqlite');
    const run = raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 2, seed: 1 }));
    expect(await addRuns(file, [run])).toEqual({ added: 1, present: 0 });
    const before = statSync(file);
    expect(await addRuns(file, [run])).toEqual({ added: 0, present: 1 });
    // A rewrite renames a new file in: another inode.
    expect(statSync(file).ino).toBe(before.ino);
    expect(await addRuns(file, [raceRun(syntheticRace({ commit: 2, engines: ['wasm'], puzzles: 2, seed: 2 }))])).toEqual({ added: 1, present: 0 });
    expect(statSync(file).ino).not.toBe(before.ino);
  });

  it("refuses another program's SQLite database, and leaves it as it was", async () => {
    const SQL = await loadSqlJs();
    const other = new SQL.Database();
    other.run('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices (total) VALUES (12.5);');
    const file = join(dir, 'invoices.sqlite');
    const bytes = Buffer.from(other.export());
    writeFileSync(file, bytes);
    await expect(addRuns(file, [raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 1, seed: 1 }))])).rejects.toThrow(/invoices\.sqlite: a SQLite database that is not a gridrace history \(tables: invoices\)/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('refuses a history of a newer schema, and leaves it as it was', async () => {
    const file = join(dir, 'newer.sqlite');
    await addRuns(file, [raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 1, seed: 1 }))]);
    const SQL = await loadSqlJs();
    const db = new SQL.Database(readFileSync(file));
    db.run(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    const bytes = Buffer.from(db.export());
    writeFileSync(file, bytes);
    await expect(changeHistory(file, () => undefined)).rejects.toThrow(new RegExp(`made by a newer gridrace \\(history schema ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION}\\)`));
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('reads an empty SQLite file (schema 0) as a history with no runs, and brings it up to date when written', async () => {
    const file = join(dir, 'empty.sqlite');
    const empty = Buffer.from(new (await loadSqlJs()).Database().export());
    writeFileSync(file, empty);
    expect((await readHistory(file)).runs()).toEqual([]);
    expect(readFileSync(file).equals(empty)).toBe(true);
    await addRuns(file, [raceRun(syntheticRace({ commit: 1, engines: ['wasm'], puzzles: 1, seed: 1 }))]);
    const history = await readHistory(file);
    expect(history.version).toBe(SCHEMA_VERSION);
    expect(history.count('runs')).toBe(1);
  });

  it('loses no run when several processes add at once', async () => {
    const file = join(dir, 'shared.sqlite');
    const writers = 4;
    const each = 5;
    const script = new URL('./fixtures/add-runs.mjs', import.meta.url).pathname;
    const run = promisify(execFile);
    // Each process adds its own runs one at a time, so the writers interleave.
    await Promise.all(Array.from({ length: writers }, (_, w) => run(process.execPath, [script, file, String(w), String(each)])));
    const history = await readHistory(file);
    expect(history.count('runs')).toBe(writers * each);
    expect(new Set(history.runs().map((r) => r.gitSha)).size).toBe(writers * each);
  }, 120_000);
});
