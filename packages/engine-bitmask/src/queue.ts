// The dirty-line queue: a to-do list of line numbers with one flag per line, so pushing a
// line that is already waiting costs nothing (Tatham's tdq). First in, first out.

export class LineQueue {
  readonly #items: Int32Array;
  readonly #queued: Uint8Array;
  #head = 0;
  #size = 0;

  constructor(lines: number) {
    this.#items = new Int32Array(Math.max(1, lines));
    this.#queued = new Uint8Array(lines);
  }

  get size(): number {
    return this.#size;
  }

  push(line: number): void {
    if (this.#queued[line] === 1) return;
    this.#queued[line] = 1;
    const items = this.#items;
    let at = this.#head + this.#size;
    if (at >= items.length) at -= items.length;
    items[at] = line;
    this.#size++;
  }

  /** The oldest waiting line; only call when `size > 0`. */
  pop(): number {
    const items = this.#items;
    const line = items[this.#head]!;
    this.#head++;
    if (this.#head === items.length) this.#head = 0;
    this.#size--;
    this.#queued[line] = 0;
    return line;
  }

  clear(): void {
    while (this.#size > 0) this.pop();
    this.#head = 0;
  }
}
