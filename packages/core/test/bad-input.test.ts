// Bad inputs in every format: each gives a PuzzleFormatError with an exact code, 1-based
// line and a message a person can act on (`file:line: what is wrong`).
import { describe, expect, it } from 'vitest';
import { PuzzleFormatError, readPuzzles } from '../src/index.js';
import { BAD_INPUT_CASES as CASES } from './bad-input-cases.js';

describe('bad input', () => {
  it('has a large table', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c[0])).size).toBe(CASES.length);
  });
  it.each(CASES)('%s', (_name, format, file, text, code, line, message) => {
    let caught: unknown;
    try {
      readPuzzles(text, format === undefined ? { file } : { file, format });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PuzzleFormatError);
    const error = caught as PuzzleFormatError;
    expect({ code: error.code, line: error.line, message: error.message }).toEqual({ code, line, message: expect.stringMatching(message) });
  });
});
