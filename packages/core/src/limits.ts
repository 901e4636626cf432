import type { StopReason } from './engine.js';

/**
 * Time limit and abort signal for one solve, as a cheap check engines call in their loops.
 * Solvers run synchronous loops; `checkpoint()` also yields to the event loop now and then,
 * so that a timer or another task can call `abort()` while the engine is busy.
 */
export class SolveBudget {
  readonly #signal: AbortSignal | undefined;
  readonly #deadline: number;
  readonly #start: number;
  #lastYield: number;
  /** How long an engine may run before `checkpoint()` yields to the event loop. */
  static readonly SLICE_MS = 25;

  constructor(options: { signal?: AbortSignal | undefined; timeLimitMs?: number | undefined } = {}) {
    this.#signal = options.signal;
    this.#start = performance.now();
    this.#lastYield = this.#start;
    const limit = options.timeLimitMs;
    if (limit !== undefined && (!(limit >= 0) || Number.isNaN(limit))) {
      throw new RangeError(`timeLimitMs must be a non-negative number, got ${String(limit)}`);
    }
    this.#deadline = limit === undefined ? Number.POSITIVE_INFINITY : this.#start + limit;
  }

  /** When the time limit ends, as a `performance.now()` time (Infinity without a limit). */
  get deadline(): number {
    return this.#deadline;
  }

  /** Milliseconds since the solve started. */
  elapsedMs(): number {
    return performance.now() - this.#start;
  }

  /** Why the solve must stop now, or null. Synchronous and cheap: no yielding. */
  stopReason(): StopReason | null {
    if (this.#signal?.aborted) return 'aborted';
    if (performance.now() >= this.#deadline) return 'time-limit';
    return null;
  }

  /** Like `stopReason`, but first yields to the event loop if the engine has held it for a slice. */
  async checkpoint(): Promise<StopReason | null> {
    const now = performance.now();
    if (now - this.#lastYield >= SolveBudget.SLICE_MS) {
      await yieldToEventLoop();
      this.#lastYield = performance.now();
    }
    return this.stopReason();
  }
}

interface PortLike {
  onmessage: ((event: unknown) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}
// Typed structurally so this file compiles against both the DOM and the Node type libraries.
const host = globalThis as unknown as {
  setImmediate?: (callback: () => void) => unknown;
  MessageChannel?: new () => { port1: PortLike; port2: PortLike };
};

/**
 * Let timers and other tasks run. setImmediate (Node) and MessageChannel (browsers) avoid
 * setTimeout's clamping to 1-4 ms, which would cost a busy solver several percent.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    if (host.setImmediate) {
      host.setImmediate(resolve);
    } else if (host.MessageChannel) {
      const channel = new host.MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    } else {
      setTimeout(resolve, 0);
    }
  });
}
