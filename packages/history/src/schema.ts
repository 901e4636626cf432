// The history database's tables. The schema's version is SQLite's `user_version`; MIGRATIONS[v]
// takes a database from version v to v + 1, so a file made by an older gridrace is brought up
// to date when it is opened for writing, and one made by a newer gridrace is refused.

/** Stored in the `meta` table: tells a gridrace history apart from any other SQLite file. */
export const HISTORY_FORMAT = 'gridrace-history';

export const MIGRATIONS: readonly string[] = [
  // 0 -> 1
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT INTO meta (key, value) VALUES ('format', '${HISTORY_FORMAT}');

  -- What a run was measured on: a change of any of these is marked on the trend charts.
  CREATE TABLE machines (
    id INTEGER PRIMARY KEY,
    fingerprint TEXT NOT NULL UNIQUE,
    cpu TEXT NOT NULL,
    cores INTEGER NOT NULL,
    memory_mb INTEGER NOT NULL,
    os TEXT NOT NULL,
    arch TEXT NOT NULL,
    node TEXT NOT NULL
  );

  -- One run: a race, or one side (base or head) of an A/B race or a gate.
  CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,          -- content hash: the same run added twice is one row
    source TEXT NOT NULL,              -- race | ab | gate
    side TEXT,                         -- base | head, for ab and gate
    date TEXT NOT NULL,                -- ISO time the run started
    git_sha TEXT,
    git_dirty INTEGER,
    commit_date TEXT,                  -- the commit's date, when git knew it: the trend's order
    suite TEXT NOT NULL,
    clock TEXT NOT NULL,               -- cpu | wall
    machine_id INTEGER NOT NULL REFERENCES machines (id),
    versions TEXT NOT NULL,            -- JSON: package versions
    report TEXT,                       -- the run's report (absolute path), when there is one
    added TEXT NOT NULL
  );

  -- One row per run, engine and puzzle.
  CREATE TABLE results (
    run_id INTEGER NOT NULL REFERENCES runs (id),
    engine TEXT NOT NULL,
    kind TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    puzzle_hash TEXT NOT NULL,
    state TEXT NOT NULL,
    verdict TEXT,
    verified INTEGER NOT NULL,
    code TEXT,                         -- the engine's code fingerprint, when the gate knew it
    n INTEGER,                         -- sample summary (ms), absent when not timed
    median REAL,
    mean REAL,
    min REAL,
    max REAL,
    sd REAL,
    mad REAL,
    rounds TEXT,                       -- JSON: the median of each independent run (one for a race, one per round for A/B)
    counters TEXT,                     -- JSON: work counters of the checked solve
    PRIMARY KEY (run_id, engine, kind, puzzle)
  );
  CREATE INDEX results_series ON results (kind, engine, puzzle);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
