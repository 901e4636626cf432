/** What went wrong in an input, as a stable code tests and tools can switch on. */
export type PuzzleErrorCode =
  | 'unknown-format'
  | 'empty-input'
  | 'bad-header'
  | 'bad-number'
  | 'bad-size'
  | 'line-count'
  | 'clue-too-long'
  | 'totals-differ'
  | 'size-mismatch'
  | 'given-out-of-range'
  | 'bad-direction'
  | 'duplicate-given'
  | 'bad-json'
  /** Malformed XML, or XML that is not a puzzle set in webpbn's format. */
  | 'bad-xml'
  /** TOML outside the subset nonogrid's files use, or without the [clues] it needs. */
  | 'bad-toml'
  | 'bad-field'
  /** A colour puzzle's palette or a colour it names: unknown, repeated, the background in a clue, fewer than two colours or more than MAX_COLOURS. */
  | 'bad-colour'
  | 'unsupported-version'
  | 'bad-solution'
  | 'unsupported-feature'
  | 'unreadable-file'
  /** The input is larger than MAX_INPUT_BYTES (or a device or pipe that does not end). */
  | 'input-too-large'
  /** An arrow-path cell without an arrow that is not the one cell holding N, or several such cells. */
  | 'missing-arrow'
  /** `readPuzzle` found no puzzle or more than one. */
  | 'puzzle-count';

/**
 * A problem in a puzzle or solution file, located so a person can fix it:
 * `message` reads `file:line: text`. Parsers throw only this for bad input.
 */
export class PuzzleFormatError extends Error {
  override readonly name = 'PuzzleFormatError';
  constructor(
    readonly code: PuzzleErrorCode,
    /** What went wrong, without the location. */
    readonly detail: string,
    /** File name as given by the caller, or `<input>`. */
    readonly file: string = '<input>',
    /** 1-based line number, when the problem has one. */
    readonly line?: number,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${detail}`);
  }
}

/** Where a parser is reading from; threaded through so every error can name it. */
export interface SourceRef {
  readonly file: string;
}

export function fail(code: PuzzleErrorCode, detail: string, source: SourceRef, line?: number): never {
  throw new PuzzleFormatError(code, detail, source.file, line);
}
