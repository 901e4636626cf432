// The one line solver (engine-bitmask/solver/line-solver.ts), as asc compiles it for this
// engine (with the 64-bit path for lines of 31 to 62 cells), against brute force: the suite
// of @gridrace/testkit that the bitmask engine runs on the JavaScript build. The module is
// compiled from a test-only entry (assembly/testing/line-entry.ts) into build-test/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeLineSolver } from '@gridrace/testkit';
import { beforeAll } from 'vitest';

interface LineExports {
  readonly WORD_LIMIT: WebAssembly.Global;
  outFilledW(): number;
  outEmptyW(): number;
  setupLineSolver(length: number, blocks: number): number;
  solveWord(clue: number, k: number, n: number, filled: number, empty: number): number;
  solveWords(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): number;
  solveTrimmed(clue: number, k: number, n: number, filled: number, empty: number, outFilled: number, outEmpty: number): number;
  tryAlloc(bytes: number): number;
}

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
let wasm: WebAssembly.Module;

// Compiled unoptimised (assembly/testing/asconfig.json, optimizeLevel 0): these builds check
// what the code computes, not its speed, and compile in half the CPU time of -O3.
beforeAll(() => {
  const asc = fileURLToPath(new URL('../node_modules/assemblyscript/bin/asc.js', import.meta.url));
  execFileSync(process.execPath, [asc, 'assembly/testing/line-entry.ts', '--config', 'assembly/testing/asconfig.json', '--target', 'line'], {
    cwd: pkgDir,
    stdio: 'pipe',
  });
  wasm = new WebAssembly.Module(readFileSync(new URL('../build-test/line-test.wasm', import.meta.url)));
});

describeLineSolver('WebAssembly', () => {
  const memory = new WebAssembly.Memory({ initial: 2 });
  const abort = (): never => {
    throw new Error('line solver module aborted');
  };
  const x = new WebAssembly.Instance(wasm, { env: { memory, abort } }).exports as unknown as LineExports;
  return {
    wordLimit: x.WORD_LIMIT.value as number,
    outFilledW: () => x.outFilledW(),
    outEmptyW: () => x.outEmptyW(),
    setupLineSolver: (length, blocks) => x.setupLineSolver(length, blocks) !== 0,
    solveWord: (clue, k, n, filled, empty) => x.solveWord(clue, k, n, filled, empty) !== 0,
    solveWords: (clue, k, n, filled, empty, outFilled, outEmpty) => x.solveWords(clue, k, n, filled, empty, outFilled, outEmpty) !== 0,
    solveTrimmed: (clue, k, n, filled, empty, outFilled, outEmpty) => x.solveTrimmed(clue, k, n, filled, empty, outFilled, outEmpty) !== 0,
    tryAlloc: (bytes) => x.tryAlloc(bytes),
    memory: () => memory.buffer,
  };
});
