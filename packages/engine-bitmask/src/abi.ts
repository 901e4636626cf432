// The numbers that cross between the WebAssembly module and its host: what `run` returns, the
// strategy `setup` takes, what `difficulty()` says and which counter `counter(i)` reads. This
// one file is compiled into both: asc builds it into the module (assembly/ imports it) and tsc
// into the host (src/engine.ts), so the two cannot disagree. Plain integer constants only, so
// that it is valid AssemblyScript as well as TypeScript.

// What `run(sliceEnd, deadline, stepEnd)` returns.
export const RUN_EXHAUSTED = 0;
export const RUN_SOLUTION_LIMIT = 1;
/** The slice or the turn is over: call `run` again to go on. */
export const RUN_PAUSED = 2;
export const RUN_TIME_LIMIT = 3;
export const RUN_CLAUSE_LIMIT = 4;
export const RUN_OUT_OF_MEMORY = 5;

// The `strategy` argument of `setup`.
export const STRATEGY_AUTO = 0;
export const STRATEGY_PROBE = 1;
export const STRATEGY_LEARN = 2;

// What `difficulty()` returns.
export const DIFFICULTY_LINE = 0;
export const DIFFICULTY_PROBE = 1;
export const DIFFICULTY_BRANCH = 2;

// Counter ids for `counter(i)`.
export const COUNTER_LINES_SOLVED = 0;
export const COUNTER_CACHE_HITS = 1;
export const COUNTER_PROBES = 2;
export const COUNTER_LEARNED_BY_PROBING = 3;
export const COUNTER_BRANCHES = 4;
export const COUNTER_MAX_DEPTH = 5;
export const COUNTER_NODES = 6;
/** 1 when the clause learner ran (the counters 8 to 14 then mean something), else 0. */
export const COUNTER_LEARNER_RAN = 7;
export const COUNTER_CONFLICTS = 8;
export const COUNTER_LEARNED_CLAUSES = 9;
export const COUNTER_RESTARTS = 10;
export const COUNTER_SAT_VARIABLES = 11;
export const COUNTER_TURNS = 12;
export const COUNTER_SAT_DECISIONS = 13;
export const COUNTER_SAT_MAX_DEPTH = 14;
export const COUNTER_PROBES_REUSED = 15;
