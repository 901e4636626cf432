// Two searches on one thread, taking turns at their checkpoints: the main search runs
// alone for `first` checkpoints; then the side search gets a turn as long as the main
// search's last one, and every turn after that is twice as long as the previous one of the
// same search. So the pair never spends much more than twice what the better of the two
// would alone. The side search is started lazily, on its first turn (so easy puzzles never
// pay for it), and may finish early; the main one then runs on alone.
import type { StopReason } from '@gridrace/core';

type Checkpoint = () => Promise<StopReason | null>;

export class Turns {
  /** True once the side search was started. */
  sideStarted = false;
  readonly #outer: Checkpoint;
  readonly #startSide: (checkpoint: Checkpoint) => Promise<unknown>;
  #turn: number;
  #mainLeft: number;
  #sideLeft = 0;
  #side: Promise<unknown> | null = null;
  #sideDone = false;
  #cancelled = false;
  /** What the side search threw; rethrown in the main search. */
  #error: unknown = null;
  /** Resolves the main search's wait while the side search has its turn. */
  #wakeMain: (() => void) | null = null;
  /** Resolves the side search's wait while the main search has its turn. */
  #wakeSide: (() => void) | null = null;

  /**
   * `outer` is the budget's checkpoint (time limit, abort). `startSide` runs the side search
   * with the checkpoint it must call.
   */
  constructor(outer: Checkpoint, first: number, startSide: (checkpoint: Checkpoint) => Promise<unknown>) {
    this.#outer = outer;
    this.#turn = first;
    this.#mainLeft = first;
    this.#startSide = startSide;
  }

  /** The main search's checkpoint. */
  readonly main = async (): Promise<StopReason | null> => {
    const reason = await this.#outer();
    if (reason !== null || this.#sideDone || --this.#mainLeft > 0) return reason;
    await this.#handOver();
    if (this.#error !== null) throw this.#error;
    this.#turn *= 2;
    this.#mainLeft = this.#turn;
    return this.#outer();
  };

  /** Stop a side search that is waiting for its next turn (once the main search is done). */
  async finish(): Promise<void> {
    if (this.#side === null || this.#sideDone) return;
    this.#cancelled = true;
    this.#wakeSide?.();
    await this.#side;
  }

  /** Give the side search its turn and wait until it pauses or finishes. */
  async #handOver(): Promise<void> {
    this.#sideLeft = this.#turn;
    const back = new Promise<void>((resolve) => (this.#wakeMain = resolve));
    if (this.#side === null) {
      this.sideStarted = true;
      this.#side = this.#startSide(this.#sideCheckpoint)
        .catch((error: unknown) => {
          this.#error = error;
        })
        .finally(() => {
          this.#sideDone = true;
          this.#wakeMain?.();
        });
    } else {
      this.#wakeSide?.();
    }
    await back;
    this.#wakeMain = null;
  }

  readonly #sideCheckpoint = async (): Promise<StopReason | null> => {
    const reason = await this.#outer();
    if (reason !== null || this.#cancelled) return reason ?? 'aborted';
    if (--this.#sideLeft > 0) return null;
    // Turn over: wake the main search and wait for the next turn.
    const resume = new Promise<void>((resolve) => (this.#wakeSide = resolve));
    this.#wakeMain?.();
    await resume;
    this.#wakeSide = null;
    return this.#cancelled ? 'aborted' : this.#outer();
  };
}
