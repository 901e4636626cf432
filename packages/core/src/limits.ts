import type { StopReason } from './engine.js';
import { badNumber, show } from './show.js';

// Resource caps shared by the library and the CLI (the table in core's README lists them all).

/**
 * Most solutions one solve may ask for. `maxSolutions` above this is refused with a
 * RangeError: every held solution costs its grid (about a kilobyte for a 12x12), and a
 * puzzle with billions of solutions would otherwise fill the heap.
 */
export const MAX_SOLUTIONS_LIMIT = 100_000;

/**
 * Largest puzzle or solution input read, in bytes (64 MiB), from a file or standard input.
 * Far above any real puzzle file (a 1000-puzzle TAAI set is under 1 MB); past it the
 * readers stop and throw, so `/dev/zero` or a runaway pipe cannot exhaust memory.
 */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/**
 * Largest text the writers and renderers produce, in characters (64 Mi). They estimate
 * their output before building it and throw OutputLimitError past this, so a huge grid
 * ends with a message instead of a heap crash.
 */
export const MAX_OUTPUT_CHARS = 64 * 1024 * 1024;

/** A writer or renderer refused to build an output larger than MAX_OUTPUT_CHARS. */
export class OutputLimitError extends Error {
  override readonly name = 'OutputLimitError';
  constructor(
    /** What was being written, e.g. `SVG of a 5000x5000 nonogram`. */
    readonly what: string,
    /** The estimated size, in characters. */
    readonly estimate: number,
    readonly limit: number = MAX_OUTPUT_CHARS,
  ) {
    super(`${what} would be about ${formatMiB(estimate)}, over the output limit of ${formatMiB(limit)}`);
  }
}

/** Throw OutputLimitError when `estimate` characters exceed MAX_OUTPUT_CHARS. */
export function checkOutputSize(what: string, estimate: number, limit: number = MAX_OUTPUT_CHARS): void {
  if (estimate > limit) throw new OutputLimitError(what, estimate, limit);
}

function formatMiB(chars: number): string {
  return `${(chars / (1024 * 1024)).toFixed(chars < 1024 * 1024 ? 2 : 0)} MiB`;
}

/**
 * Longest delay setTimeout keeps (2^31 - 1 ms, about 24.8 days). Node and browsers fire a
 * longer one at once (Node with a TimeoutOverflowWarning), so a time limit of a month would
 * end a solve after a millisecond.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * setTimeout for a time limit: a delay past MAX_TIMER_MS sets no timer (a limit that far off
 * never comes in a running process) instead of one that fires at once. Clear it with
 * clearTimeout as usual; clearTimeout(undefined) does nothing.
 */
export function setLimitTimer(onTime: () => void, ms: number): ReturnType<typeof setTimeout> | undefined {
  return ms > MAX_TIMER_MS ? undefined : setTimeout(onTime, Math.max(0, ms));
}

/** `timeLimitMs`: absent (undefined or null) is no limit, else a finite number >= 0. */
export function checkTimeLimitMs(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  // typeof first: a string such as "60000" passes `>= 0` but would be concatenated to the start time.
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) badNumber(value, `timeLimitMs must be a finite non-negative number, got ${show(value)}`);
  return value;
}

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
    const limit = checkTimeLimitMs(options.timeLimitMs);
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
