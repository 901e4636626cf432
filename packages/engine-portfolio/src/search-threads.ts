// The portfolio's threads: worker threads in Node, module Web Workers in browsers, kept in a
// pool so that a thread's wasm module stays compiled from one solve to the next. No static
// import of a Node module: the engine also runs in browsers.
import { nodeBuiltin } from './node-builtin.js';
import type { FromSearch, ToSearch } from './protocol.js';

/** One search thread, whichever platform runs it. */
export interface SearchThread {
  send(message: ToSearch): void;
  /** Called with each answer of the thread, and with a message when the thread fails. */
  listen(onMessage: (message: FromSearch) => void, onFailure: (message: string) => void): void;
  /** Whether the thread may keep the process alive (Node: ref / unref); idle threads must not. */
  hold(busy: boolean): void;
  terminate(): Promise<void>;
}

/** Starts one thread running the search worker. */
export type StartThread = () => SearchThread | Promise<SearchThread>;

/** The worker's script: beside this module once built; tests run the sources, so the build's. */
export function searchWorkerUrl(): URL {
  const here = new URL(import.meta.url);
  return here.pathname.endsWith('.ts') ? new URL('../dist/search-worker.js', here) : new URL('./search-worker.js', here);
}

interface NodeWorker {
  postMessage(message: unknown): void;
  on(event: 'message', handler: (message: FromSearch) => void): void;
  on(event: 'error', handler: (error: Error) => void): void;
  on(event: 'exit', handler: (code: number) => void): void;
  ref(): void;
  unref(): void;
  terminate(): Promise<number>;
}

type NodeWorkerClass = new (url: URL, options: { execArgv: string[] }) => NodeWorker;

function nodeWorkerClass(): NodeWorkerClass | undefined {
  return nodeBuiltin<{ Worker: NodeWorkerClass }>('node:worker_threads')?.Worker;
}

/** A thread on this platform: a Node worker thread, or a module Web Worker. */
export const startThread: StartThread = () => {
  const url = searchWorkerUrl();
  const NodeWorker = nodeWorkerClass();
  if (NodeWorker !== undefined) {
    // No inherited flags: a test runner's export conditions would point the thread at sources.
    const worker = new NodeWorker(url, { execArgv: [] });
    let exiting = false;
    return {
      send: (message) => worker.postMessage(message),
      listen(onMessage, onFailure) {
        worker.on('message', onMessage);
        worker.on('error', (error) => onFailure(error.message));
        worker.on('exit', (code) => {
          if (!exiting) onFailure(`the search thread exited with code ${code}`);
        });
      },
      hold: (busy) => (busy ? worker.ref() : worker.unref()),
      async terminate() {
        exiting = true;
        await worker.terminate();
      },
    };
  }
  const WebWorker = (globalThis as { Worker?: new (url: URL, options: { type: 'module' }) => Worker }).Worker;
  if (WebWorker === undefined) throw new Error('this platform has no worker threads (neither node:worker_threads nor Web Workers)');
  return webWorkerThread(new WebWorker(url, { type: 'module' }));
};

/**
 * A search thread over a Web Worker that runs this package's `search-worker` entry. For
 * bundled pages, whose bundler must see the worker's script:
 * `startThread: () => webWorkerThread(new Worker(new URL('./my-search-worker.ts', import.meta.url), { type: 'module' }))`,
 * where that file holds `import '@gridrace/engine-portfolio/search-worker';`.
 */
export function webWorkerThread(worker: Worker): SearchThread {
  return {
    send: (message) => worker.postMessage(message),
    listen(onMessage, onFailure) {
      worker.addEventListener('message', (event: MessageEvent<FromSearch>) => onMessage(event.data));
      worker.addEventListener('error', (event: ErrorEvent) => onFailure(event.message || 'the search thread failed'));
    },
    hold: () => undefined,
    async terminate() {
      worker.terminate();
    },
  };
}

/** A pooled thread and the search it runs now, if any. */
export interface Pooled {
  readonly thread: SearchThread;
  onMessage: ((message: FromSearch) => void) | null;
  onFailure: ((message: string) => void) | null;
  broken: boolean;
}

/** Threads kept between solves; a solve takes what it needs and gives them back. */
export class SearchPool {
  private readonly idle: Pooled[] = [];
  private readonly all = new Set<Pooled>();

  constructor(private readonly start: StartThread) {}

  /** A thread for one search; its answers go to the handlers until it is given back. */
  async take(onMessage: (message: FromSearch) => void, onFailure: (message: string) => void): Promise<Pooled> {
    let pooled = this.idle.pop();
    if (pooled === undefined) {
      const thread = await this.start();
      const made: Pooled = { thread, onMessage: null, onFailure: null, broken: false };
      thread.listen(
        (message) => made.onMessage?.(message),
        (message) => {
          made.broken = true;
          made.onFailure?.(message);
        },
      );
      this.all.add(made);
      pooled = made;
    }
    pooled.onMessage = onMessage;
    pooled.onFailure = onFailure;
    pooled.thread.hold(true);
    return pooled;
  }

  /** Give a thread back after its search answered; a broken one (or one that did not answer) is ended instead. */
  async give(pooled: Pooled, healthy: boolean): Promise<void> {
    pooled.onMessage = null;
    pooled.onFailure = null;
    if (!healthy || pooled.broken) {
      this.all.delete(pooled);
      await pooled.thread.terminate();
      return;
    }
    pooled.thread.hold(false);
    this.idle.push(pooled);
  }

  /** End every thread. */
  async dispose(): Promise<void> {
    const threads = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(threads.map((p) => p.thread.terminate()));
  }

  /** Threads alive now (for tests). */
  get size(): number {
    return this.all.size;
  }
}
