// The results file's JSON Schema (draft-07), and a small checker that reads it: `merge` and
// `compare` refuse files that do not match, with the path of the first problems. The tests
// hold the same schema and real files against Ajv, so the two cannot drift apart.
import { RESULTS_FORMAT, RESULTS_SCHEMA, type RaceResults } from './types.js';

type Schema = {
  type?: string | string[];
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  oneOf?: Schema[];
  description?: string;
  $schema?: string;
  $id?: string;
  title?: string;
};

const num = { type: 'number' } as const;
const nonNegative = { type: 'number', minimum: 0 } as const;
const str = { type: 'string' } as const;

const sampleSummary: Schema = {
  type: 'object',
  description: 'Timing samples in milliseconds and their statistics.',
  required: ['n', 'median', 'mean', 'min', 'max', 'sd', 'mad', 'rme', 'p75', 'p99'],
  properties: {
    n: { type: 'integer', minimum: 1 },
    median: nonNegative,
    mean: nonNegative,
    min: nonNegative,
    max: nonNegative,
    sd: nonNegative,
    mad: nonNegative,
    rme: nonNegative,
    p75: nonNegative,
    p99: nonNegative,
    samples: { type: 'array', items: nonNegative, description: 'The samples, sorted (tinybench keeps them sorted).' },
  },
};

const env: Schema = {
  type: 'object',
  required: ['cpu', 'cores', 'memoryMb', 'os', 'arch', 'node', 'v8', 'versions', 'date', 'loadAverage', 'ci'],
  properties: {
    cpu: str,
    cores: { type: 'integer', minimum: 1 },
    memoryMb: nonNegative,
    os: str,
    arch: str,
    node: str,
    v8: str,
    versions: { type: 'object', additionalProperties: str },
    gitSha: str,
    gitDirty: { type: 'boolean' },
    date: str,
    loadAverage: nonNegative,
    ci: { type: 'boolean' },
  },
};

const verdict = { enum: ['unique', 'multiple', 'none', 'incomplete'] };
const kind = { enum: ['nonogram', 'colour-nonogram', 'arrowpath'] };

/** One task's record: an element of the results file's `tasks` (also what a queue's worker returns per task). */
export const TASK_RECORD_SCHEMA: Schema = {
  type: 'object',
  required: ['engine', 'puzzle', 'state', 'verified', 'solutions', 'overhead'],
  properties: {
    engine: str,
    puzzle: str,
    state: { enum: ['completed', 'timeout', 'oom', 'errored'] },
    verdict,
    reason: { enum: ['time-limit', 'aborted', 'limit', 'solution-limit'] },
    message: str,
    verified: { type: 'boolean' },
    solutions: { type: 'integer', minimum: 0 },
    solutionHash: str,
    checkMs: nonNegative,
    samples: sampleSummary,
    batch: { type: 'integer', minimum: 1 },
    wallMean: nonNegative,
    calibration: sampleSummary,
    slices: { type: 'array', items: nonNegative, description: "A sliced race: each slice's median (ms per solve), in the order they ran." },
    calibrationSlices: { type: 'array', items: nonNegative, description: "A sliced race: the puzzle's calibration median before each slice." },
    counters: { type: 'object', additionalProperties: num },
    difficulty: { enum: ['line', 'probe', 'branch'] },
    process: {
      type: 'object',
      description: "An external engine's program: samples are its CPU time (its wall time when cpuMeasured is false); these are beside them.",
      required: ['cpuMeasured', 'wallMedian'],
      properties: { cpuMeasured: { type: 'boolean' }, wallMedian: nonNegative, solverMedian: nonNegative, startupCpuMs: nonNegative, startupWallMs: nonNegative, maxRssMb: nonNegative },
    },
    overhead: {
      type: 'object',
      required: ['startMs', 'initMs', 'wallMs', 'harnessMs'],
      properties: { startMs: nonNegative, initMs: nonNegative, wallMs: nonNegative, harnessMs: nonNegative },
    },
    machine: { ...str, description: 'The machine that ran the task, an id in machines (races run on a queue).' },
  },
};

/** The JSON Schema of a results file (schema 1). */
export const RESULTS_JSON_SCHEMA: Schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://gridrace.invalid/race-results-1.schema.json',
  title: 'gridrace race results, schema 1',
  type: 'object',
  required: ['schema', 'format', 'env', 'options', 'engines', 'puzzles', 'tasks', 'disagreements', 'summary'],
  properties: {
    schema: { const: RESULTS_SCHEMA },
    format: { const: RESULTS_FORMAT },
    env,
    options: {
      type: 'object',
      required: ['engines', 'puzzles', 'timeLimitMs', 'timing', 'clock', 'memoryMb', 'calibration', 'load'],
      properties: {
        engines: { type: 'array', items: str },
        puzzles: { type: 'array', items: str },
        kind,
        timeLimitMs: nonNegative,
        timing: {
          oneOf: [
            { type: 'object', required: ['timeMs'], properties: { timeMs: nonNegative }, additionalProperties: false },
            { type: 'object', required: ['iterations'], properties: { iterations: { type: 'integer', minimum: 1 } }, additionalProperties: false },
          ],
        },
        clock: { enum: ['cpu', 'wall'] },
        memoryMb: nonNegative,
        shard: str,
        calibration: { type: 'boolean' },
        slices: { type: 'integer', minimum: 2, description: 'Each task was timed in this many slices spread over the race (absent: one).' },
        load: { type: 'array', items: str },
        attemptAll: { type: 'boolean' },
        queue: { type: 'string', description: "The queue's host and name the tasks ran on (races run with --queue)." },
      },
    },
    engines: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'kind', 'description'],
        properties: { name: str, kind, description: str, program: { type: 'string', description: 'An external engine: the solver program it runs.' } },
      },
    },
    puzzles: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'file', 'index', 'kind', 'width', 'height', 'hash'],
        properties: {
          id: str,
          file: str,
          index: { type: 'integer', minimum: 0 },
          kind,
          width: { type: 'integer', minimum: 0 },
          height: { type: 'integer', minimum: 0 },
          title: str,
          hash: str,
          knownSolution: str,
        },
      },
    },
    tasks: {
      type: 'array',
      items: TASK_RECORD_SCHEMA,
    },
    notAttempted: {
      type: 'array',
      description: "Engine and puzzle pairs not started: the puzzle is out of the engine's reach.",
      items: { type: 'object', required: ['engine', 'puzzle', 'reason'], properties: { engine: str, puzzle: str, reason: str } },
    },
    disagreements: {
      type: 'array',
      items: {
        type: 'object',
        required: ['puzzle', 'message', 'verdicts'],
        properties: { puzzle: str, message: str, verdicts: { type: 'object', additionalProperties: str } },
      },
    },
    summary: {
      type: 'object',
      required: ['tasks', 'completed', 'timeouts', 'ooms', 'errors', 'disagreements', 'unverified', 'harnessMsMedian', 'startMsMedian', 'wallMs'],
      properties: {
        tasks: { type: 'integer', minimum: 0 },
        completed: { type: 'integer', minimum: 0 },
        timeouts: { type: 'integer', minimum: 0 },
        ooms: { type: 'integer', minimum: 0 },
        errors: { type: 'integer', minimum: 0 },
        disagreements: { type: 'integer', minimum: 0 },
        unverified: { type: 'integer', minimum: 0 },
        harnessMsMedian: nonNegative,
        startMsMedian: nonNegative,
        wallMs: nonNegative,
      },
    },
    aborted: { type: 'boolean' },
    machines: {
      type: 'array',
      description: "The machines a queue's workers ran the tasks on; absent when env's machine ran them all.",
      items: {
        type: 'object',
        required: ['id', 'host', 'cpu', 'cores', 'memoryMb', 'node', 'tasks'],
        properties: { id: str, host: str, cpu: str, cores: { type: 'integer', minimum: 1 }, memoryMb: nonNegative, node: str, tasks: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } } },
      },
    },
    shards: {
      type: 'array',
      items: { type: 'object', required: ['shard', 'env'], properties: { shard: str, env } },
    },
  },
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

/** Problems of `value` against `schema` (the subset of JSON Schema used above), as `path: problem`. */
export function schemaProblems(value: unknown, schema: Schema = RESULTS_JSON_SCHEMA, path = '$', out: string[] = []): string[] {
  if (out.length >= 10) return out;
  if (schema.const !== undefined && value !== schema.const) out.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value)) out.push(`${path}: must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(value, t))) {
      out.push(`${path}: must be ${types.join(' or ')}, found ${typeOf(value)}`);
      return out;
    }
  }
  if (schema.minimum !== undefined && typeof value === 'number' && value < schema.minimum) out.push(`${path}: must be >= ${schema.minimum}`);
  if (schema.oneOf) {
    const passing = schema.oneOf.filter((s) => schemaProblems(value, s, path).length === 0).length;
    if (passing !== 1) out.push(`${path}: must match exactly one of ${schema.oneOf.length} forms`);
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) out.push(`${path}: missing "${key}"`);
    for (const [key, v] of Object.entries(obj)) {
      const sub = schema.properties?.[key];
      if (sub) schemaProblems(v, sub, `${path}.${key}`, out);
      else if (schema.additionalProperties === false) out.push(`${path}: unexpected "${key}"`);
      else if (typeof schema.additionalProperties === 'object') schemaProblems(v, schema.additionalProperties, `${path}.${key}`, out);
    }
  }
  if (typeOf(value) === 'array' && schema.items) {
    (value as unknown[]).forEach((v, i) => schemaProblems(v, schema.items!, `${path}[${i}]`, out));
  }
  return out;
}

export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';
}

/** Parse and check a results file's text. Throws ResultsFileError naming the file and the problems. */
export function parseResults(text: string, file = '<results>'): RaceResults {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new ResultsFileError(`${file}: not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  return checkResults(value, file);
}

/** Check a results file's parsed JSON (for a reader that has parsed it already). Throws ResultsFileError as parseResults does. */
export function checkResults(value: unknown, file = '<results>'): RaceResults {
  const obj = value as { format?: unknown; schema?: unknown } | null;
  if (obj === null || typeof obj !== 'object' || obj.format !== RESULTS_FORMAT) {
    throw new ResultsFileError(`${file}: not a gridrace race results file (no "format": "${RESULTS_FORMAT}")`);
  }
  if (obj.schema !== RESULTS_SCHEMA) {
    throw new ResultsFileError(`${file}: results schema ${JSON.stringify(obj.schema)} is not supported; this version reads schema ${RESULTS_SCHEMA}`);
  }
  const problems = schemaProblems(value);
  if (problems.length > 0) throw new ResultsFileError(`${file}: not a valid results file: ${problems.slice(0, 5).join('; ')}`);
  const results = value as RaceResults;
  const inconsistent = consistencyProblems(results);
  if (inconsistent.length > 0) throw new ResultsFileError(`${file}: not a valid results file: ${inconsistent.slice(0, 5).join('; ')}`);
  return results;
}

/** What the schema cannot say: each puzzle once, each engine-puzzle task once, every task on a listed puzzle. */
function consistencyProblems(results: RaceResults): string[] {
  const problems: string[] = [];
  const puzzles = new Set<string>();
  for (const p of results.puzzles) {
    if (puzzles.has(p.id)) problems.push(`puzzle ${p.id} is listed twice`);
    puzzles.add(p.id);
  }
  const tasks = new Set<string>();
  for (const t of results.tasks) {
    const id = `${t.engine}\u0000${t.puzzle}`;
    if (tasks.has(id)) problems.push(`the task of ${t.engine} on ${t.puzzle} is there twice`);
    tasks.add(id);
    if (!puzzles.has(t.puzzle)) problems.push(`the task of ${t.engine} is on puzzle ${t.puzzle}, which is not listed`);
  }
  return problems;
}

/** The results as the file holds them: pretty JSON with a final newline. */
export function stringifyResults(results: RaceResults): string {
  return `${JSON.stringify(results, null, 1)}\n`;
}
