// z3-solver runs one asynchronous call (a check) at a time per loaded runtime and throws if
// a second one starts meanwhile; solves that overlap (a race, several engines) queue here.
import type { Z3Api } from './runtime.js';

const queues = new WeakMap<Z3Api, CheckQueue>();

export function checkQueueFor(api: Z3Api): CheckQueue {
  let queue = queues.get(api);
  if (queue === undefined) {
    queue = new CheckQueue();
    queues.set(api, queue);
  }
  return queue;
}

/** Runs tasks one after another, in the order they were queued. */
export class CheckQueue {
  #tail: Promise<void> = Promise.resolve();
  #running = 0;

  /** Whether a task is running now (the others wait their turn behind it). */
  get running(): boolean {
    return this.#running > 0;
  }

  /**
   * Run `task` once every earlier task has finished. If `giveUp` resolves while the task is
   * still waiting, the task never runs and the result is `null`; once it runs, it runs to
   * the end (stopping it is the task's own business).
   */
  run<T>(task: () => Promise<T>, giveUp: Promise<void>): Promise<T | null> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    let state: 'waiting' | 'running' | 'gave-up' = 'waiting';
    return new Promise<T | null>((resolve, reject) => {
      void giveUp.then(() => {
        if (state !== 'waiting') return;
        state = 'gave-up';
        resolve(null);
      });
      void previous.then(async () => {
        if (state === 'gave-up') return release();
        state = 'running';
        this.#running++;
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
        } finally {
          this.#running--;
          release();
        }
      });
    });
  }
}
