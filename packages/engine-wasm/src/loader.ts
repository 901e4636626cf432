// Loading the solver module: one code path for Node and browsers. The module file sits at
// dist/solver.wasm; `new URL('../dist/solver.wasm', import.meta.url)` finds it from both
// src/ (tests, tsx) and dist/ (the built package). A file: URL is read with node:fs (imported
// dynamically, so browsers never see it); anything else is fetched and compiled while it
// streams (falling back to compiling the whole response when the server does not send
// `application/wasm`). Callers may pass the bytes or a compiled module instead.
import type { SolverExports, SolverInstance } from '@gridrace/engine-bitmask/host';

/** Where the module can come from. */
export type WasmSource = URL | string | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** One instance of the module with its own memory; used by one solve at a time. */
export interface WasmInstance extends SolverInstance {
  readonly wasmMemory: WebAssembly.Memory;
  /** Largest memory the instance may grow to, in bytes. */
  readonly maxBytes: number;
  /** The memory's size when the instance was made, in bytes. */
  readonly initialBytes: number;
}

export const DEFAULT_WASM_URL = new URL('../dist/solver.wasm', import.meta.url);

const PAGE = 65536;
/** Pages the module declares as its minimum memory (asconfig.json `initialMemory`). */
const INITIAL_PAGES = 2;

let defaultModule: Promise<WebAssembly.Module> | null = null;

/** Compile the module from a source; without one, the package's own dist/solver.wasm (compiled once per process). */
export function compileSolver(source?: WasmSource): Promise<WebAssembly.Module> {
  if (source === undefined) {
    if (defaultModule === null) {
      defaultModule = compileFrom(DEFAULT_WASM_URL);
      // A failed load may be retried later (e.g. the file was being built).
      defaultModule.catch(() => {
        defaultModule = null;
      });
    }
    return defaultModule;
  }
  return compileFrom(source);
}

async function compileFrom(source: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer) return WebAssembly.compile(source);
  if (ArrayBuffer.isView(source)) return WebAssembly.compile(new Uint8Array(source.buffer, source.byteOffset, source.byteLength).slice());
  const url = typeof source === 'string' ? new URL(source, DEFAULT_WASM_URL) : source;
  if (url.protocol === 'file:') {
    // Node (and other runtimes with node:fs). The specifier is a variable so that bundlers
    // for the browser leave it alone.
    const fsModule = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ fsModule)) as { readFile(path: URL): Promise<Uint8Array> };
    const bytes = await fs.readFile(url);
    return WebAssembly.compile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).slice());
  }
  const response = fetch(url);
  if (typeof WebAssembly.compileStreaming === 'function') {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch {
      // Wrong MIME type or no streaming support: fall through to the plain route.
    }
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`could not load ${url.href}: HTTP ${res.status}`);
  return WebAssembly.compile(await res.arrayBuffer());
}

/** Read an AssemblyScript string (UTF-16, byte length stored just before it). */
function readString(memory: WebAssembly.Memory, ptr: number): string {
  if (ptr === 0) return '';
  const bytes = new Uint8Array(memory.buffer);
  if (ptr < 4 || ptr > bytes.length) return '';
  const length = new DataView(memory.buffer).getUint32(ptr - 4, true) >>> 1;
  const units = new Uint16Array(memory.buffer, ptr, Math.min(length, (bytes.length - ptr) >>> 1));
  let s = '';
  for (let i = 0; i < units.length; i += 4096) s += String.fromCharCode(...units.subarray(i, i + 4096));
  return s;
}

/**
 * Instantiate the module with a fresh memory of `initialMemoryMb` megabytes (at most
 * `maxMemoryMb`) that may grow to `maxMemoryMb`. It starts large because growing detaches
 * the memory's old ArrayBuffer, which slows all typed-array code in the process (README,
 * "Memory"); the pages are only reserved until the module touches them.
 */
export async function instantiateSolver(module: WebAssembly.Module, maxMemoryMb: number, initialMemoryMb: number): Promise<WasmInstance> {
  const maxPages = Math.max(INITIAL_PAGES, Math.min(65536, Math.floor((maxMemoryMb * 1024 * 1024) / PAGE)));
  const initialPages = Math.min(maxPages, Math.max(INITIAL_PAGES, Math.floor((initialMemoryMb * 1024 * 1024) / PAGE)));
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: initialPages, maximum: maxPages });
  } catch (error) {
    // A host short of address space (a 32-bit browser) may refuse the reservation: start
    // small and grow instead.
    if (!(error instanceof RangeError) || initialPages === INITIAL_PAGES) throw error;
    memory = new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: maxPages });
  }
  const holder: { onSolution: (cells: Uint8Array) => boolean } = { onSolution: () => false };
  const env = {
    memory,
    now: () => performance.now(),
    abort: (message: number, file: number, line: number, column: number): never => {
      throw new Error(`wasm solver aborted: ${readString(memory, message) || 'abort'} (${readString(memory, file)}:${line}:${column})`);
    },
    // Addresses come back as i32: above 2 GB they read negative.
    solution: (ptr: number, length: number): number => (holder.onSolution(new Uint8Array(memory.buffer, ptr >>> 0, length)) ? 1 : 0),
  };
  const instance = await WebAssembly.instantiate(module, { env });
  const exports = instance.exports as unknown as SolverExports;
  return {
    exports,
    wasmMemory: memory,
    memory: () => memory.buffer,
    maxBytes: maxPages * PAGE,
    initialBytes: memory.buffer.byteLength,
    get onSolution() {
      return holder.onSolution;
    },
    set onSolution(fn: (cells: Uint8Array) => boolean) {
      holder.onSolution = fn;
    },
  };
}
