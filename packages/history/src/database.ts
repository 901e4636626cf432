// The history database in memory (sql.js: SQLite compiled to WebAssembly, so a browser page
// reads the same file). Opening checks that the bytes are a gridrace history of a schema this
// code knows and brings an older one up to date; adding a run is one transaction.
// Browser-safe: no Node APIs (reading, locking and writing the file are in file.ts).
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { HISTORY_FORMAT, MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import type { MachineInfo, ResultInput, RunInput, RunRow, ResultRow } from './types.js';

/** The file is not a history this code can use: corrupt, foreign or newer. */
export class HistoryError extends Error {}

function scalar(db: Database, sql: string, params: SqlValue[] = []): SqlValue | undefined {
  const stmt = db.prepare(sql);
  try {
    stmt.bind(params);
    return stmt.step() ? stmt.get()[0] : undefined;
  } finally {
    stmt.free();
  }
}

function rows<T>(db: Database, sql: string, params: SqlValue[] = []): T[] {
  const stmt = db.prepare(sql);
  const out: T[] = [];
  try {
    stmt.bind(params);
    while (stmt.step()) out.push(stmt.getAsObject() as T);
  } finally {
    stmt.free();
  }
  return out;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export class History {
  private constructor(readonly db: Database) {}

  /**
   * Opens a history from a file's bytes (none or empty: a new history). Throws HistoryError,
   * naming the problem, for bytes that are not SQLite, a SQLite file that is not a gridrace
   * history, or one made by a newer schema. An older schema (an empty SQLite file is schema 0)
   * is brought up to date in memory; the file changes only when a writer saves it.
   */
  static open(SQL: SqlJsStatic, bytes?: Uint8Array): History {
    const fresh = bytes === undefined || bytes.length === 0;
    let db: Database;
    let version: number;
    try {
      db = fresh ? new SQL.Database() : new SQL.Database(bytes);
      version = Number(scalar(db, 'PRAGMA user_version'));
      scalar(db, 'SELECT count(*) FROM sqlite_master');
    } catch (err) {
      throw new HistoryError(`not a SQLite database (${(err as Error).message})`);
    }
    if (!fresh) {
      const tables = rows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((t) => t.name);
      if (tables.length > 0 || version !== 0) {
        const format = tables.includes('meta') ? scalar(db, "SELECT value FROM meta WHERE key = 'format'") : undefined;
        if (format !== HISTORY_FORMAT) {
          db.close();
          throw new HistoryError(`a SQLite database that is not a gridrace history (tables: ${tables.join(', ') || 'none'})`);
        }
      }
    }
    if (version > SCHEMA_VERSION) {
      db.close();
      throw new HistoryError(`made by a newer gridrace (history schema ${version}; this one knows up to ${SCHEMA_VERSION})`);
    }
    const history = new History(db);
    if (version < SCHEMA_VERSION) history.migrate(version);
    return history;
  }

  /** The schema version of the open database. */
  get version(): number {
    return Number(scalar(this.db, 'PRAGMA user_version'));
  }

  private migrate(from: number): void {
    this.db.run('BEGIN');
    try {
      for (let v = from; v < SCHEMA_VERSION; v++) {
        this.db.run(MIGRATIONS[v]!);
        this.db.run(`PRAGMA user_version = ${v + 1}`);
      }
      this.db.run('COMMIT');
    } catch (err) {
      this.db.run('ROLLBACK');
      throw err;
    }
  }

  private machineId(machine: MachineInfo): number {
    this.db.run(
      'INSERT OR IGNORE INTO machines (fingerprint, cpu, cores, memory_mb, os, arch, node) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [machine.fingerprint, machine.cpu, machine.cores, machine.memoryMb, machine.os, machine.arch, machine.node],
    );
    return Number(scalar(this.db, 'SELECT id FROM machines WHERE fingerprint = ?', [machine.fingerprint]));
  }

  /** Adds a run and its results; false (nothing added) when a run with the same key is there. */
  addRun(run: RunInput, added = new Date().toISOString()): boolean {
    if (scalar(this.db, 'SELECT id FROM runs WHERE key = ?', [run.key]) !== undefined) return false;
    this.db.run('BEGIN');
    try {
      const machine = this.machineId(run.machine);
      this.db.run(
        'INSERT INTO runs (key, source, side, date, git_sha, git_dirty, commit_date, suite, clock, machine_id, versions, report, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [run.key, run.source, run.side ?? null, run.date, run.gitSha ?? null, run.gitDirty === undefined ? null : Number(run.gitDirty), run.commitDate ?? null, run.suite, run.clock, machine, JSON.stringify(run.versions), run.report ?? null, added],
      );
      const id = Number(scalar(this.db, 'SELECT last_insert_rowid()'));
      const insert = this.db.prepare(
        'INSERT INTO results (run_id, engine, kind, puzzle, puzzle_hash, state, verdict, verified, code, n, median, mean, min, max, sd, mad, rounds, counters) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      try {
        for (const r of run.results) insert.run(resultParams(id, r));
      } finally {
        insert.free();
      }
      this.db.run('COMMIT');
      return true;
    } catch (err) {
      this.db.run('ROLLBACK');
      throw err;
    }
  }

  /** Runs, newest commit last (commit date, else run date; then run date). */
  runs(): RunRow[] {
    return rows<RunRow>(
      this.db,
      `SELECT runs.id, source, side, date, git_sha AS gitSha, git_dirty AS gitDirty, commit_date AS commitDate, suite, clock, machine_id AS machineId,
              report, versions, cpu, cores, node, os,
              (SELECT count(*) FROM results WHERE run_id = runs.id) AS results
       FROM runs JOIN machines ON machines.id = runs.machine_id
       ORDER BY coalesce(commit_date, date), date, runs.id`,
    );
  }

  run(id: number): RunRow | undefined {
    return this.runs().find((r) => r.id === id);
  }

  /** One run's results, or every result (for trends and change points) when no run is given. */
  results(runId?: number): ResultRow[] {
    const stmt = this.db.prepare(
      `SELECT run_id, engine, kind, puzzle, puzzle_hash, state, verdict, verified, code, n, median, mean, min, max, sd, mad, rounds, counters
       FROM results ${runId === undefined ? '' : 'WHERE run_id = ?'} ORDER BY run_id, kind, puzzle, engine`,
    );
    const out: ResultRow[] = [];
    try {
      if (runId !== undefined) stmt.bind([runId]);
      // Arrays into object literals of one shape: a history's rows are read by the 100,000.
      while (stmt.step()) {
        const v = stmt.get() as (string & number & null)[];
        out.push({
          runId: v[0]!, engine: v[1]!, kind: v[2]!, puzzle: v[3]!, puzzleHash: v[4]!, state: v[5]!, verdict: v[6]!, verified: v[7]!, code: v[8]!,
          n: v[9]!, median: v[10]!, mean: v[11]!, min: v[12]!, max: v[13]!, sd: v[14]!, mad: v[15]!, rounds: v[16]!, counters: v[17]!,
        });
      }
    } finally {
      stmt.free();
    }
    return out;
  }

  /** Whether anything was written since the file was opened (a migration, a run added). */
  get changed(): boolean {
    return Number(scalar(this.db, 'SELECT total_changes()')) > 0;
  }

  count(table: 'runs' | 'results' | 'machines'): number {
    return Number(scalar(this.db, `SELECT count(*) FROM ${table}`));
  }

  export(): Uint8Array {
    return this.db.export();
  }

  close(): void {
    this.db.close();
  }
}

function resultParams(runId: number, r: ResultInput): SqlValue[] {
  const s = r.summary;
  return [
    runId, r.engine, r.kind, r.puzzle, r.puzzleHash, r.state, r.verdict ?? null, Number(r.verified), r.code ?? null,
    s?.n ?? null, s?.median ?? null, s?.mean ?? null, s?.min ?? null, s?.max ?? null, s?.sd ?? null, s?.mad ?? null,
    json(r.rounds), json(r.counters),
  ];
}
