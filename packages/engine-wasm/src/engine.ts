// The wasm engine: the one solver (@gridrace/engine-bitmask/solver) compiled to WebAssembly,
// run by the host both engines share (@gridrace/engine-bitmask/host). This file holds what
// is WebAssembly's own: the module, its instances and their memory.
import type { Engine } from '@gridrace/core';
import { checkPositive, createColourSolve, createSolve, type SolverConfig, type SolverTarget } from '@gridrace/engine-bitmask/host';
import { compileSolver, instantiateSolver, type WasmInstance, type WasmSource } from './loader.js';

export type { Strategy } from '@gridrace/engine-bitmask/host';

export interface WasmConfig extends SolverConfig {
  /** Registry name (default `wasm`). */
  readonly name?: string;
  /** Most WebAssembly memory one solve may use, in MB (default 2048, at most 4096). */
  readonly maxMemoryMb?: number;
  /**
   * WebAssembly memory each instance starts with, in MB (default 256, at most `maxMemoryMb`;
   * reserved, not used, until the module needs it). Solves that fit never grow the memory,
   * which keeps other JavaScript in the process at full speed (README, "Memory").
   */
  readonly initialMemoryMb?: number;
  /** The module: a URL or path, its bytes, or a compiled WebAssembly.Module (default: the package's dist/solver.wasm). */
  readonly wasm?: WasmSource;
}

/** About 40 bytes per cell must fit in 4 GB of linear memory, whatever maxCells says. */
const MAX_WASM_CELLS = 100_000_000;
const DEFAULT_MAX_MEMORY_MB = 2048;
/** Twice what any TAAI, webpbn or extra puzzle but Faase needs (the most: 121 MB, taai2011 #752). */
const DEFAULT_INITIAL_MEMORY_MB = 256;

/**
 * A trap or abort raised by the module: out of memory when the memory grew up to its cap.
 * (A memory that started at its cap and never grew says nothing: the module's own
 * allocations fail cleanly there, so a trap is a fault, reported as an error.)
 */
function isMemoryFailure(error: unknown, instance: WasmInstance): boolean {
  const text = error instanceof Error ? error.message : String(error);
  if (/allocation too large|out of memory/i.test(text)) return true;
  const bytes = instance.wasmMemory.buffer.byteLength;
  return bytes > instance.initialBytes && bytes + 4 * 65536 > instance.maxBytes;
}

export interface WasmEngine extends Engine<'nonogram'> {
  init(): Promise<void>;
  dispose(): Promise<void>;
}

export interface WasmColourEngine extends Engine<'colour-nonogram'> {
  init(): Promise<void>;
  dispose(): Promise<void>;
}

/** The module, its pool of instances and the target the host runs them through, for one engine. */
function wasmTarget(config: WasmConfig): { target: SolverTarget<WasmInstance>; init(): Promise<void>; dispose(): Promise<void> } {
  const maxMemoryMb = Math.min(4096, checkPositive(config.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB, 'maxMemoryMb'));
  const initialMemoryMb = checkPositive(config.initialMemoryMb ?? DEFAULT_INITIAL_MEMORY_MB, 'initialMemoryMb', true);

  let module: Promise<WebAssembly.Module> | null = null;
  /** Instances not in use; a solve takes one (or makes one) and gives it back. */
  let idle: WasmInstance[] = [];
  /** Instances made before the last dispose() are not taken back. */
  let generation = 0;
  const born = new WeakMap<WasmInstance, number>();

  const loadModule = (): Promise<WebAssembly.Module> => {
    if (module === null) {
      module = compileSolver(config.wasm);
      module.catch(() => {
        module = null;
      });
    }
    return module;
  };
  const take = async (): Promise<WasmInstance> => {
    const reused = idle.pop();
    if (reused !== undefined) return reused;
    const gen = generation;
    const instance = await instantiateSolver(await loadModule(), maxMemoryMb, initialMemoryMb);
    born.set(instance, gen);
    return instance;
  };

  return {
    target: {
      memoryName: 'WebAssembly memory',
      maxCells: MAX_WASM_CELLS,
      maxCellsReason: 'a 32-bit WebAssembly memory can hold',
      maxMemoryMb,
      instance: take,
      release: (instance) => {
        if (born.get(instance) === generation) idle.push(instance);
      },
      isMemoryFailure,
    },
    async init(): Promise<void> {
      if (idle.length === 0) idle.push(await take());
    },
    async dispose(): Promise<void> {
      idle = [];
      module = null;
      generation++;
    },
  };
}

export function createWasmEngine(config: WasmConfig = {}): WasmEngine {
  const { target, init, dispose } = wasmTarget(config);
  return {
    name: config.name ?? 'wasm',
    kind: 'nonogram',
    description: 'the bitmask solver (line solver, queue, cache, probing, backtracking, clause learning) in AssemblyScript / WebAssembly',
    init,
    dispose,
    solve: createSolve(config, target),
  };
}

/** The colour solver of the same source in WebAssembly: colour line solver, dirty-line queue, probing, backtracking on a trail. */
export function createWasmColourEngine(config: WasmConfig = {}): WasmColourEngine {
  const { target, init, dispose } = wasmTarget(config);
  return {
    name: config.name ?? 'wasm',
    kind: 'colour-nonogram',
    description: 'the colour solver of the bitmask source (colour line solver, dirty-line queue, probing, backtracking on a trail) in AssemblyScript / WebAssembly',
    init,
    dispose,
    solve: createColourSolve(config, target),
  };
}

/** The WebAssembly nonogram engine, registered as `wasm`. */
export const wasmEngine: WasmEngine = createWasmEngine();

/** The WebAssembly colour nonogram engine, registered as `wasm`. */
export const wasmColourEngine: WasmColourEngine = createWasmColourEngine();
