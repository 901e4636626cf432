// The queue against a real Redis (Debian's redis-server on 127.0.0.1, no persistence): jobs
// refused before anything runs, the plan's order, and a race run by two workers that gives the
// verdicts and solutions of the same race run here.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readPuzzle, writePuzzle } from '@gridrace/core';
import { Race, checkResults, corpusPuzzle, loadCorpus, type TaskRecord } from '@gridrace/race';
import { startRedis, REDIS_START_TIMEOUT_MS, type RedisServer } from '@gridrace/testkit/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_VERSION, QueueExecutor, jobProblem, parseQueueUrl, planJobs, runJob, runQueueWorker, thisMachine, type JobData } from '../src/index.js';
import { recordProblem } from '../src/queue-executor.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const SEED = join(REPO, 'puzzles/seed');
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-queue-'));
const settings = { timeLimitMs: 10_000, timing: { iterations: 2 }, clock: 'cpu' as const, memoryMb: 512, calibration: false };
const seedPuzzle = (name: string) => corpusPuzzle(readPuzzle(readFileSync(join(SEED, name), 'utf8'), { file: name }), `puzzles/seed/${name}`);

/** A job for the GCHQ puzzle, as a race would queue it. */
function gchqJob(tasks: { engine: string; index: number }[]): JobData {
  const p = seedPuzzle('gchq-2015.json');
  return { version: JOB_VERSION, race: 'test', puzzle: writePuzzle(p.puzzle, 'json'), record: p.record, tasks, settings };
}

describe('jobs a worker refuses', () => {
  // A module that leaves a mark when imported: a worker must never import it.
  const mark = join(scratch, 'imported');
  const evil = join(scratch, 'evil.mjs');
  writeFileSync(evil, `import { writeFileSync } from 'node:fs'; writeFileSync(${JSON.stringify(mark)}, 'ran');`);

  it('refuses a job that names a module or a program, and runs nothing', async () => {
    const machine = thisMachine();
    for (const extra of [{ load: [pathToFileURL(evil).href] }, { external: { program: evil, definition: {} } }]) {
      const data = { ...gchqJob([{ engine: 'wasm', index: 0 }]), ...extra };
      expect(jobProblem(data)).toMatch(/which a worker never takes from a queue/);
      const result = await runJob(data, machine, []);
      expect(result.records).toHaveLength(1);
      expect(result.records[0]!.record).toMatchObject({ engine: 'wasm', state: 'errored', solutions: 0, machine: machine.id });
      expect(result.records[0]!.record.message).toMatch(/^refused by .+: the job carries "(load|external)"/);
      expect(result.records[0]!.record.overhead.wallMs).toBe(0);
    }
    const inSettings = { ...gchqJob([{ engine: 'wasm', index: 0 }]) };
    expect(jobProblem({ ...inSettings, settings: { ...settings, load: [evil] } })).toMatch(/settings carry "load"/);
    expect(existsSync(mark)).toBe(false);
  });

  it('refuses an engine this machine does not register, and runs the ones it does', async () => {
    const result = await runJob(gchqJob([{ engine: 'no-such-engine', index: 0 }, { engine: 'bitmask', index: 1 }]), thisMachine(), []);
    const [unknown, bitmask] = result.records.map((r) => r.record);
    expect(unknown!.state).toBe('errored');
    expect(unknown!.message).toMatch(/no engine "no-such-engine" for nonogram puzzles here/);
    expect(bitmask).toMatchObject({ engine: 'bitmask', state: 'completed', verdict: 'unique', verified: true });
    expect(bitmask!.solutionHash).toBe(seedPuzzle('gchq-2015.json').record.knownSolution);
  });

  it('does not run again the tasks an earlier try finished (a worker that died mid-job), and keeps their records', async () => {
    const first = await runJob(gchqJob([{ engine: 'bitmask', index: 0 }]), thisMachine(), []);
    const elsewhere = { ...thisMachine(), id: 'elsewhere:1' };
    const earlier = { machines: [elsewhere], records: first.records.map((r) => ({ ...r, record: { ...r.record, machine: 'elsewhere:1', message: 'from the first try' } })) };
    const progress: number[] = [];
    const result = await runJob(gchqJob([{ engine: 'bitmask', index: 0 }, { engine: 'wasm', index: 1 }]), thisMachine(), [], { earlier, onProgress: (s) => progress.push(s.records.length) });
    expect(result.records.map((r) => [r.index, r.record.engine, r.record.machine])).toEqual([
      [0, 'bitmask', 'elsewhere:1'],
      [1, 'wasm', thisMachine().id],
    ]);
    expect(result.records[0]!.record.message).toBe('from the first try');
    expect(result.machines.map((m) => m.id)).toEqual(['elsewhere:1', thisMachine().id]);
    expect(progress).toEqual([2]); // one task ran; its progress holds both records

    // From another kind of CPU, an earlier record is not kept: the puzzle's engines run again here.
    const otherCpu = { machines: [{ ...elsewhere, cpu: 'another CPU' }], records: earlier.records };
    const again = await runJob(gchqJob([{ engine: 'bitmask', index: 0 }]), thisMachine(), [], { earlier: otherCpu });
    expect(again.records.map((r) => r.record.machine)).toEqual([thisMachine().id]);
    expect(again.machines.map((m) => m.id)).toEqual([thisMachine().id]);
  });

  it('refuses a puzzle whose text is not the one its fingerprint names', async () => {
    const job = gchqJob([{ engine: 'bitmask', index: 0 }]);
    const other = seedPuzzle('z3-prefix-15x15.json');
    const result = await runJob({ ...job, puzzle: writePuzzle(other.puzzle, 'json') }, thisMachine(), []);
    expect(result.records[0]!.record.message).toMatch(/not the one its record's fingerprint names/);
  });

  it('says what is wrong with a malformed job in one line', () => {
    expect(jobProblem(null)).toBe('the job is not an object');
    expect(jobProblem({ ...gchqJob([{ engine: 'wasm', index: 0 }]), version: 99 })).toBe(`job version 99, this worker reads version ${JOB_VERSION}`);
    expect(jobProblem({ ...gchqJob([]) })).toBe('the job holds no tasks');
    expect(jobProblem({ ...gchqJob([{ engine: 'wasm', index: 0 }]), settings: { ...settings, clock: 'sundial' } })).toMatch(/settings are not/);
  });
});

describe('records the race takes back', () => {
  it("takes a worker's record only as a task record of the results schema, for the task's engine and puzzle", async () => {
    const { records } = await runJob(gchqJob([{ engine: 'bitmask', index: 0 }]), thisMachine(), []);
    const record = records[0]!.record;
    const gchq = seedPuzzle('gchq-2015.json');
    const [bitmaskTask, wasmTask] = planJobs('r', ['bitmask', 'wasm'].map((engine) => ({ engine, puzzle: gchq })), { ...settings, load: [] })[0]!.tasks.map((t) => t.task);
    expect(recordProblem(record, bitmaskTask!)).toBeUndefined();
    expect(recordProblem(record, wasmTask!)).toBe('the worker returned a record of bitmask on puzzles/seed/gchq-2015.json for the task of wasm on puzzles/seed/gchq-2015.json');
    const other = seedPuzzle('z3-prefix-15x15.json');
    const [otherPuzzleTask] = planJobs('r', [{ engine: 'bitmask', puzzle: other }], { ...settings, load: [] })[0]!.tasks.map((t) => t.task);
    expect(recordProblem(record, otherPuzzleTask!)).toMatch(/record of bitmask on puzzles\/seed\/gchq-2015\.json for the task of bitmask on puzzles\/seed\/z3-prefix-15x15\.json/);
    expect(recordProblem({ ...record, state: 'done' }, bitmaskTask!)).toMatch(/^the worker returned a malformed record \(record\.state: must be one of/);
    const { overhead: _, ...withoutOverhead } = record;
    expect(recordProblem(withoutOverhead, bitmaskTask!)).toMatch(/record: missing "overhead"/);
    expect(recordProblem('a record', bitmaskTask!)).toMatch(/record: must be object, found string/);
  });
});

describe('queue URLs', () => {
  it('accepts redis:// and rediss:// and never names the password', () => {
    expect(parseQueueUrl('redis://127.0.0.1:6380').where).toBe('127.0.0.1:6380');
    expect(parseQueueUrl('redis://:s3cret@queue.lan').where).toBe('queue.lan:6379');
    expect(parseQueueUrl('rediss://user:s3cret@queue.lan:6390/2').where).toBe('rediss://queue.lan:6390/2');
    expect(() => parseQueueUrl('http://queue.lan')).toThrow(/not a Redis URL/);
    expect(() => parseQueueUrl('queue.lan:6379')).toThrow(/not a Redis URL|not a URL/);
    expect(() => parseQueueUrl('redis://queue.lan/db')).toThrow(/not a database number/);
  });
});

describe('the plan', () => {
  it('queues one job per puzzle, puzzles never measured first (largest first), then the longest predicted', () => {
    const puzzles = loadCorpus(['puzzles/seed'], { kind: 'nonogram', cwd: REPO }).puzzles;
    const tasks = puzzles.flatMap((puzzle) => ['wasm', 'bitmask'].map((engine) => ({ engine, puzzle })));
    const [, mathematica, prefix] = puzzles.map((p) => p.record.hash);
    // Measured: mathematica slow, z3-prefix quick; gchq never measured.
    const predicted: Record<string, number> = { [`wasm ${mathematica}`]: 500, [`bitmask ${mathematica}`]: 700, [`wasm ${prefix}`]: 1, [`bitmask ${prefix}`]: 2 };
    const jobs = planJobs('r', tasks, { ...settings, load: [] }, (engine, hash) => predicted[`${engine} ${hash}`]);
    expect(jobs.map((j) => j.data.record.id)).toEqual(['puzzles/seed/gchq-2015.json', 'puzzles/seed/mathematica-20x30.json', 'puzzles/seed/z3-prefix-15x15.json']);
    expect(jobs.map((j) => j.predictedMs)).toEqual([undefined, 1200, 3]);
    expect(jobs.every((j) => j.data.tasks.length === 2)).toBe(true);
    // Without predictions: largest first (GCHQ 25x25, then 20x30, then 15x15).
    expect(planJobs('r', tasks, { ...settings, load: [] }).map((j) => j.cells)).toEqual([625, 600, 225]);
  });

  it('refuses a sliced race: a job runs its tasks once, on one machine', () => {
    const puzzles = loadCorpus(['puzzles/seed'], { kind: 'nonogram', cwd: REPO }).puzzles;
    expect(() => planJobs('r', [{ engine: 'wasm', puzzle: puzzles[0]! }], { ...settings, load: [], slices: 3 })).toThrow(/slices \(--slices\) need a local race/);
  });
});

describe('a race on the queue', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  }, REDIS_START_TIMEOUT_MS);
  afterAll(async () => {
    await redis?.stop();
  });

  it('two workers finish a race whose verdicts and solutions equal the same race run here', async () => {
    const { puzzles } = loadCorpus(['puzzles/seed'], { cwd: REPO });
    const options = { puzzles, engines: ['wasm', 'bitmask', 'arrowpath'], timing: { iterations: 2 }, calibration: false, timeLimitMs: 10_000 };
    const address = parseQueueUrl(redis.url);
    const stop = new AbortController();
    const name = 'two-workers';
    const ran: string[] = [];
    const workers = [1, 2].map(() => runQueueWorker({ address, name, signal: stop.signal, onJob: (e) => ran.push(e.puzzle) }));
    const queued = await new Race(options).run(new QueueExecutor({ address, name, pollMs: 50 }));
    stop.abort();
    expect(await Promise.all(workers)).toEqual([{ stopped: true }, { stopped: true }]);
    const local = await new Race(options).run();

    checkResults(JSON.parse(JSON.stringify(queued)), 'the queued race');
    const outcome = (t: TaskRecord) => [t.engine, t.puzzle, t.state, t.verdict, t.verified, t.solutionHash];
    expect(queued.tasks.map(outcome)).toEqual(local.tasks.map(outcome));
    expect(new Set(queued.tasks.map((t) => `${t.engine} ${t.puzzle}`)).size).toBe(queued.tasks.length);
    for (const t of queued.tasks) {
      const known = queued.puzzles.find((p) => p.id === t.puzzle)!.knownSolution;
      expect(t.verified).toBe(true);
      if (known) expect(t.solutionHash).toBe(known);
    }
    expect(queued.disagreements).toEqual([]);
    // Each task names the machine that ran it; the machines' counts add up to the tasks.
    const machines = queued.machines ?? [];
    expect(machines.length).toBeGreaterThanOrEqual(1);
    expect(machines.reduce((n, m) => n + Object.values(m.tasks).reduce((a, b) => a + b, 0), 0)).toBe(queued.tasks.length);
    for (const t of queued.tasks) expect(machines.map((m) => m.id)).toContain(t.machine);
    expect(queued.options.queue).toBe(`127.0.0.1:${redis.port} ${name}`);
    expect(ran.sort()).toEqual(puzzles.map((p) => p.record.id).sort());
  }, 120_000);
});
