// Small helpers every text reader shares: lines, numbers, clues.
import { fail, type SourceRef } from './errors.js';

/** Largest width or height any reader accepts; anything bigger is a corrupt file. */
export const MAX_SIDE = 10_000;

/** One line of input with its 1-based number. */
export interface TextLine {
  readonly text: string;
  readonly line: number;
}

/** Drop a leading UTF-8 byte-order mark. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Split into lines (LF, CRLF or CR), after dropping a BOM. A final newline adds no line. */
export function splitLines(text: string): string[] {
  const lines = stripBom(text).split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export const isBlank = (text: string): boolean => text.trim() === '';

/** Show a piece of input in a message: quoted, and cut short when long. */
export function quote(text: string, max = 60): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}...` : text);
}

/** A 1-based row or column label for messages. */
export const lineLabel = (isRow: boolean, index: number): string => `${isRow ? 'row' : 'column'} ${index + 1}`;

/** A cell label for messages. */
export const cellLabel = (width: number, cell: number): string =>
  `(row ${Math.floor(cell / width) + 1}, column ${(cell % width) + 1})`;

/**
 * Parse a width or height token. Not a whole number: `bad-header` (the declaration is
 * malformed); zero, negative or over MAX_SIDE: `bad-size`.
 */
export function parseSide(token: string, what: string, source: SourceRef, line: number | undefined): number {
  if (!/^[+-]?\d+$/.test(token)) fail('bad-header', `${what} ${quote(token)} is not a whole number`, source, line);
  const value = Number(token);
  checkSide(value, what, source, line);
  return value;
}

/** `bad-size` unless 1 <= value <= MAX_SIDE. */
export function checkSide(value: number, what: string, source: SourceRef, line: number | undefined): void {
  if (!Number.isInteger(value) || value < 1) fail('bad-size', `${what} is ${value}; it must be at least 1`, source, line);
  if (value > MAX_SIDE) fail('bad-size', `${what} is ${value}, over the limit of ${MAX_SIDE}`, source, line);
}

/**
 * Turn the tokens of one clue into block lengths. A lone `0` (or no token) is an empty
 * line. `raw` is the clue as written, `label` names the line (`row 6`), for messages like
 * `row 6 clue "3 x" has a malformed number "x"`.
 */
export function parseClue(
  tokens: readonly string[],
  raw: string,
  label: string,
  source: SourceRef,
  line: number | undefined,
): number[] {
  if (tokens.length === 0) return [];
  if (tokens.length === 1 && /^0+$/.test(tokens[0]!)) return [];
  const clue: number[] = [];
  const where = `${label} clue ${quote(raw)}`;
  for (const token of tokens) {
    if (/^-\d+$/.test(token)) fail('bad-number', `${where} has a negative number ${quote(token)}`, source, line);
    if (!/^\d+$/.test(token)) fail('bad-number', `${where} has a malformed number ${quote(token)}`, source, line);
    const value = Number(token);
    if (value === 0) {
      fail('bad-number', `${where} has a block of length 0 (only a lone 0 means an empty line)`, source, line);
    }
    if (value > MAX_SIDE) {
      fail('bad-number', `${where} has an absurdly large number ${quote(token)} (the limit is ${MAX_SIDE})`, source, line);
    }
    clue.push(value);
  }
  return clue;
}

/** Split a clue line on the given separators, ignoring separators at either end. */
export function clueTokens(text: string, separators: RegExp): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split(separators);
}
