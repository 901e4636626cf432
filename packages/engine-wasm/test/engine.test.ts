// The engine's own behaviour around the contract: shapes it refuses and odd but valid inputs
// (testkit's shared input cases), resource caps (maxCells, maxMemoryMb), time limit and abort
// in the middle of a long search, loading (cold start, init, dispose, the module passed in) and stats.
import { readFileSync } from 'node:fs';
import { MAX_SOLUTIONS_LIMIT, verify, type NonogramPuzzle } from '@gridrace/core';
import { describeNonogramInputCases, discPicture, hasShared, NEEDS_SHARED, nonogramFromClues, permutationNonogram, readSharedNonogram, readSharedNonograms } from '@gridrace/testkit';
import { describe, expect, it } from 'vitest';
import { compileSolver, createWasmEngine, DEFAULT_WASM_URL, wasmEngine } from '../src/index.js';

const load = readSharedNonogram;

describe('the engine object', () => {
  it('is the nonogram engine registered as "wasm"', () => {
    expect(wasmEngine.name).toBe('wasm');
    expect(wasmEngine.kind).toBe('nonogram');
    expect(typeof wasmEngine.init).toBe('function');
    expect(typeof wasmEngine.dispose).toBe('function');
  });

  it('refuses bad configurations', () => {
    expect(() => createWasmEngine({ maxMemoryMb: 0 })).toThrow(RangeError);
    expect(() => createWasmEngine({ probeNodes: -1 })).toThrow(RangeError);
    expect(() => createWasmEngine({ strategy: 'guess' as never })).toThrow(RangeError);
  });
});

describeNonogramInputCases(wasmEngine);

describe.skipIf(!hasShared)(`initial memory ${NEEDS_SHARED}`, () => {
  /**
   * Runs `body` while recording every WebAssembly.Memory asked for (its initial pages) and
   * made (with the buffer it started with); `refuse` makes the host turn a request down.
   */
  async function recordingMemories(
    body: () => Promise<void>,
    refuse: (initialPages: number) => boolean = () => false,
  ): Promise<{ asked: number[]; made: { memory: WebAssembly.Memory; first: ArrayBuffer }[] }> {
    const asked: number[] = [];
    const made: { memory: WebAssembly.Memory; first: ArrayBuffer }[] = [];
    const Original = WebAssembly.Memory;
    class Recorded extends Original {
      constructor(descriptor: WebAssembly.MemoryDescriptor) {
        asked.push(descriptor.initial);
        if (refuse(descriptor.initial)) throw new RangeError('WebAssembly.Memory(): could not allocate memory');
        super(descriptor);
        made.push({ memory: this, first: this.buffer });
      }
    }
    WebAssembly.Memory = Recorded;
    try {
      await body();
    } finally {
      WebAssembly.Memory = Original;
    }
    return { asked, made };
  }
  // Forever needs branching and the learner; Knotty also the second (symmetric) instance.
  const puzzles = ['webpbn/webpbn-06574.nin', 'webpbn/knotty.nin'];
  const solveAll = async (engine: ReturnType<typeof createWasmEngine>): Promise<void> => {
    for (const path of puzzles) {
      const puzzle = load(path);
      const result = await engine.solve(puzzle, { maxSolutions: 2, timeLimitMs: 30_000 });
      expect(result.verdict, path).toBe(path.includes('knotty') ? 'multiple' : 'unique');
      for (const solution of result.solutions) expect(verify(puzzle, solution).ok, path).toBe(true);
    }
  };

  it('by default a solve that fits never grows the memory, so no buffer is detached', async () => {
    const { made } = await recordingMemories(() => solveAll(createWasmEngine({ name: 'wasm-initial-default' })));
    expect(made.length).toBe(2);
    for (const { memory, first } of made) {
      expect(first.byteLength).toBe(256 * 2 ** 20);
      expect(memory.buffer).toBe(first);
    }
  });

  it('a small initial memory grows (detaching the first buffer) and gives the same answers', async () => {
    const { made } = await recordingMemories(() => solveAll(createWasmEngine({ name: 'wasm-initial-0', initialMemoryMb: 0 })));
    expect(made.length).toBe(2);
    for (const { memory, first } of made) {
      expect(first.byteLength).toBe(0);
      expect(memory.buffer.byteLength).toBeGreaterThan(2 ** 20);
    }
  });

  it('a host that refuses the reservation gets a small memory that grows, and the same answers', async () => {
    const smallest = 2; // pages: the module's own minimum (asconfig.json initialMemory)
    const { asked, made } = await recordingMemories(
      () => solveAll(createWasmEngine({ name: 'wasm-initial-refused' })),
      (initialPages) => initialPages > smallest,
    );
    expect(asked).toEqual([4096, smallest, 4096, smallest]);
    expect(made.map(({ first }) => first.byteLength)).toEqual([0, 0]); // both grew
  });

  it('is clipped to maxMemoryMb, and refuses negative sizes', async () => {
    expect(() => createWasmEngine({ initialMemoryMb: -1 })).toThrow(RangeError);
    const { made } = await recordingMemories(async () => {
      const result = await createWasmEngine({ name: 'wasm-initial-clipped', initialMemoryMb: 4000, maxMemoryMb: 64 }).solve(load(puzzles[0]!));
      expect(result.verdict).toBe('unique');
    });
    expect(made.map(({ first }) => first.byteLength)).toEqual([64 * 2 ** 20]);
  });
});

describe('resource caps', () => {
  it('a grid above maxCells: incomplete/limit with a message', async () => {
    const engine = createWasmEngine({ name: 'wasm-tiny', maxCells: 10 });
    const result = await engine.solve(nonogramFromClues([[1], [1], [1], [1]], [[4], [], [], []]));
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/limit/);
    }
  });

  it('a puzzle too large for maxMemoryMb: incomplete/limit with a message, and the engine keeps working', async () => {
    const engine = createWasmEngine({ name: 'wasm-1mb', maxMemoryMb: 1, initialMemoryMb: 0 });
    // 2000x2000 cells: the board alone (cells, trail, masks) needs about 21 MB.
    const size = 2000;
    const big = nonogramFromClues(
      Array.from({ length: size }, () => [1]),
      Array.from({ length: size }, () => [1]),
    );
    const result = await engine.solve(big);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/memory/);
    }
    const small = await engine.solve(nonogramFromClues([[2], [1]], [[2], [1]]));
    expect(small.verdict).toBe('unique');
  });

  it('a board whose probe records maxMemoryMb cannot hold: solved without them, the same answer', async () => {
    // 100x100 discs: the records (61 bytes a cell) and the room kept beside them exceed 1 MB.
    const puzzle = discPicture(100, 1);
    const capped = await createWasmEngine({ name: 'wasm-1mb-records', maxMemoryMb: 1, initialMemoryMb: 0 }).solve(puzzle, { maxSolutions: 2 });
    const free = await createWasmEngine({ name: 'wasm-records' }).solve(puzzle, { maxSolutions: 2 });
    expect(capped.verdict).toBe(free.verdict);
    expect(capped.verdict).toBe('multiple');
    for (const s of capped.solutions) expect(verify(puzzle, s)).toEqual({ ok: true });
    expect(capped.solutions).toEqual(free.solutions);
  });

  it('a grid larger than 32-bit memory can hold, even with maxCells raised: incomplete/limit', async () => {
    const engine = createWasmEngine({ name: 'wasm-huge', maxCells: 2 ** 40 });
    const size = 20_000;
    const huge = { kind: 'nonogram' as const, width: size, height: size, rows: Array.from({ length: size }, () => []), columns: Array.from({ length: size }, () => []), givens: [], meta: {} };
    const result = await engine.solve(huge);
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') expect(result.reason).toBe('limit');
  });

  it.skipIf(!hasShared)(`a large puzzle within the default memory: 512x512 Cauldron, line logic only ${NEEDS_SHARED}`, async () => {
    const result = await wasmEngine.solve(load('extra/cauldron.non'));
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('line');
    expect(verify(load('extra/cauldron.non'), result.solutions[0]!)).toEqual({ ok: true });
  });
});

describe.skipIf(!hasShared)(`time limit and abort in the middle of a long search ${NEEDS_SHARED}`, () => {
  const hard = permutationNonogram(30);

  it('a 50 ms limit on a puzzle with astronomically many solutions: incomplete/time-limit, promptly', async () => {
    const t0 = performance.now();
    const result = await wasmEngine.solve(hard, { maxSolutions: MAX_SOLUTIONS_LIMIT, timeLimitMs: 50 });
    const took = performance.now() - t0;
    // Several solutions found before the limit give `multiple`; on a busy machine the limit
    // may come first. Either way it stops promptly, and what it found is right.
    if (result.verdict === 'incomplete') expect(result.reason).toBe('time-limit');
    else expect(result.verdict).toBe('multiple');
    for (const s of result.solutions) expect(verify(hard, s).ok).toBe(true);
    expect(took).toBeLessThan(5000);
    const knotty = load('webpbn/knotty.nin');
    const t1 = performance.now();
    const stuck = await wasmEngine.solve(knotty, { maxSolutions: 2, timeLimitMs: 50 });
    expect(stuck.verdict).toBe('incomplete');
    if (stuck.verdict === 'incomplete') expect(stuck.reason).toBe('time-limit');
    expect(performance.now() - t1).toBeLessThan(5000);
  });

  it('an aborted signal: incomplete/aborted, before and during the solve', async () => {
    const before = await wasmEngine.solve(hard, { signal: AbortSignal.abort() });
    expect(before.verdict).toBe('incomplete');
    if (before.verdict === 'incomplete') expect(before.reason).toBe('aborted');

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const knotty = load('webpbn/knotty.nin');
    const t0 = performance.now();
    const during = await wasmEngine.solve(knotty, { signal: controller.signal });
    expect(during.verdict).toBe('incomplete');
    if (during.verdict === 'incomplete') expect(during.reason).toBe('aborted');
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('concurrent solves on one engine do not disturb each other', async () => {
    const a = load('webpbn/webpbn-00436.nin');
    const b = load('extra/domino-5.non');
    const controller = new AbortController();
    const slow = wasmEngine.solve(load('webpbn/knotty.nin'), { signal: controller.signal });
    const [ra, rb] = await Promise.all([wasmEngine.solve(a), wasmEngine.solve(b)]);
    controller.abort();
    expect(ra.verdict).toBe('unique');
    expect(rb.verdict).toBe('unique');
    expect(verify(a, ra.solutions[0]!)).toEqual({ ok: true });
    expect(verify(b, rb.solutions[0]!)).toEqual({ ok: true });
    expect((await slow).verdict).toBe('incomplete');
  });
});

describe('loading', () => {
  it('cold start: a fresh engine loads the module on its first solve; dispose drops it and the next solve reloads', async () => {
    const engine = createWasmEngine({ name: 'wasm-cold' });
    const p = nonogramFromClues([[2], [1]], [[2], [1]]);
    expect((await engine.solve(p)).verdict).toBe('unique');
    await engine.dispose();
    expect((await engine.solve(p)).verdict).toBe('unique');
    await engine.init();
    await engine.init();
    expect((await engine.solve(p)).verdict).toBe('unique');
  });

  it('takes the module as bytes, as a compiled module, or as a URL', async () => {
    const bytes = readFileSync(DEFAULT_WASM_URL);
    const p = nonogramFromClues([[1], [1]], [[1], [1]]);
    for (const wasm of [new Uint8Array(bytes), await compileSolver(), DEFAULT_WASM_URL]) {
      const engine = createWasmEngine({ name: 'wasm-given', wasm });
      await engine.init();
      const result = await engine.solve(p);
      expect(result.verdict).toBe('multiple');
      for (const s of result.solutions) expect(verify(p, s)).toEqual({ ok: true });
    }
  });

  it('bad module bytes: init rejects with an error', async () => {
    const engine = createWasmEngine({ name: 'wasm-broken', wasm: new Uint8Array([0, 1, 2, 3]) });
    await expect(engine.init()).rejects.toThrow();
  });
});

describe('stats and difficulty', () => {
  it('counts lines, cache hits, probes, branches, depth and nodes', async () => {
    const result = await wasmEngine.solve(nonogramFromClues([[1], [1]], [[1], [1]]), { maxSolutions: 5 });
    expect(result.verdict).toBe('multiple');
    for (const name of ['linesSolved', 'cacheHits', 'probes', 'branches', 'maxDepth', 'nodes']) {
      expect(typeof result.stats.counters[name], name).toBe('number');
    }
    expect(result.stats.counters.branches).toBeGreaterThan(0);
  });

  it.skipIf(!hasShared)(`probe: 4-Dom needs probing but no branching ${NEEDS_SHARED}`, async () => {
    const result = await wasmEngine.solve(load('extra/domino-4.non'));
    expect(result.verdict).toBe('unique');
    expect(result.stats.difficulty).toBe('probe');
    expect(result.stats.counters.branches).toBe(0);
  });

  it('branch: a puzzle with two solutions needs a guess', async () => {
    const result = await wasmEngine.solve(nonogramFromClues([[1], [1]], [[1], [1]]));
    expect(result.verdict).toBe('multiple');
    expect(result.stats.difficulty).toBe('branch');
  });
});

describe.skipIf(!hasShared)(`pausing and resuming ${NEEDS_SHARED}`, () => {
  it('a solve paused at every resumable point gives the same answers and counters as bitmask', async () => {
    const { createBitmaskEngine } = await import('@gridrace/engine-bitmask');
    const bitmaskEngine = createBitmaskEngine({ symmetry: false });
    const stutter = createWasmEngine({ name: 'wasm-stutter', sliceMs: 0, symmetry: false });
    const taai = readSharedNonograms('taai/question/taai2011.txt');
    // Probing, backtracking turns and clause learning turns all pause many times here.
    const cases: [string, NonogramPuzzle][] = [
      ['webpbn #6574', load('webpbn/webpbn-06574.nin')],
      ['9-Dom', load('extra/domino-9.non')],
      ['taai2011 #372', taai[371]!],
      ['a 12x12 permutation matrix', permutationNonogram(12)],
    ];
    for (const [label, p] of cases) {
      const mine = await stutter.solve(p, { maxSolutions: 2 });
      const theirs = await bitmaskEngine.solve(p, { maxSolutions: 2 });
      expect(mine.verdict, label).toBe(theirs.verdict);
      expect(mine.stats.counters, label).toEqual(theirs.stats.counters);
      expect(mine.solutions.map((s) => Array.from(s.cells).join('')), label).toEqual(theirs.solutions.map((s) => Array.from(s.cells).join('')));
    }
  }, 30_000);
});

describe.skipIf(!hasShared)(`memory for the clause learner ${NEEDS_SHARED}`, () => {
  it('a memory cap the learned clauses outgrow: incomplete/limit with a message, no trap', async () => {
    const taai = readSharedNonograms('taai/question/taai2011.txt');
    const engine = createWasmEngine({ name: 'wasm-3mb', maxMemoryMb: 3, initialMemoryMb: 0, strategy: 'learn' });
    const result = await engine.solve(taai[751]!, { maxSolutions: 2, timeLimitMs: 20_000 });
    expect(result.verdict).toBe('incomplete');
    if (result.verdict === 'incomplete') {
      expect(result.reason).toBe('limit');
      expect(result.message).toMatch(/memory|clauses/);
    }
    // The engine still solves afterwards.
    expect((await engine.solve(nonogramFromClues([[2], [1]], [[2], [1]]))).verdict).toBe('unique');
  }, 30_000);
});
