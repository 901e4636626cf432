// A portfolio's search thread: a worker thread in Node, a module Web Worker in browsers. It
// runs one search at a time with an engine made for that search's config, and answers with the
// result and the CPU time it spent. A `stop` aborts the running search; the engine answers
// within one of its slices (about 10 ms) with what it has.
import type { Engine } from '@gridrace/core';
import { nodeBuiltin } from './node-builtin.js';
import { searchEngine, type FromSearch, type ToSearch } from './protocol.js';
import { startCpuClock } from './thread-cpu.js';

interface Port {
  postMessage(message: FromSearch): void;
  onMessage(handler: (message: ToSearch) => void): void;
}

/** Node's parentPort, or the Web Worker's own scope. */
function port(): Port {
  const node = nodeBuiltin<{ parentPort: { postMessage(m: unknown): void; on(e: 'message', h: (m: ToSearch) => void): void } | null }>('node:worker_threads');
  if (node?.parentPort) {
    const parent = node.parentPort;
    return { postMessage: (m) => parent.postMessage(m), onMessage: (h) => parent.on('message', h) };
  }
  const scope = globalThis as unknown as { postMessage(m: unknown): void; addEventListener(e: 'message', h: (event: { data: ToSearch }) => void): void };
  return { postMessage: (m) => scope.postMessage(m), onMessage: (h) => scope.addEventListener('message', (event) => h(event.data)) };
}

const parent = port();
/** Engines by config, kept: the wasm module and its instances stay warm from one solve to the next. */
const engines = new Map<string, Engine<'nonogram'>>();
const running = new Map<number, AbortController>();

parent.onMessage((message) => {
  if (message.type === 'stop') {
    running.get(message.id)?.abort();
    return;
  }
  const { id, build, config, puzzle, maxSolutions, timeLimitMs } = message;
  const key = `${build} ${JSON.stringify(config)}`;
  let engine = engines.get(key);
  if (engine === undefined) {
    engine = searchEngine(build, { ...config, name: 'portfolio-search' });
    engines.set(key, engine);
  }
  const controller = new AbortController();
  running.set(id, controller);
  const cpuClock = startCpuClock();
  engine
    .solve(puzzle, { maxSolutions, signal: controller.signal, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) })
    .then((result) => parent.postMessage({ type: 'done', id, result, cpuMs: cpuClock() }))
    .catch((error: unknown) => parent.postMessage({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) }))
    .finally(() => running.delete(id));
});
