// The documented resource caps: solutions held, input bytes, output size, SVG runs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MAX_OUTPUT_CHARS,
  MAX_SOLUTIONS_LIMIT,
  OutputLimitError,
  PuzzleFormatError,
  renderSvg,
  renderText,
  resolveMaxSolutions,
  writePuzzles,
  type ArrowPathPuzzle,
  type NonogramPuzzle,
} from '../src/index.js';
import { readTextFile, readTextFileSync, readTextStream } from '../src/node.js';

function filledNonogram(side: number): { puzzle: NonogramPuzzle; cells: Uint8Array } {
  const full = Array.from({ length: side }, () => [side]);
  return { puzzle: { kind: 'nonogram', width: side, height: side, rows: full, columns: full, givens: [], meta: {} }, cells: new Uint8Array(side * side).fill(1) };
}

describe('maxSolutions cap', () => {
  it('accepts the cap and refuses anything above it', () => {
    expect(resolveMaxSolutions({ maxSolutions: MAX_SOLUTIONS_LIMIT })).toBe(MAX_SOLUTIONS_LIMIT);
    expect(() => resolveMaxSolutions({ maxSolutions: 1e6 })).toThrow(/maxSolutions 1000000 is over the limit of 100000/);
  });
});

describe('SVG and text output', () => {
  it('draws an all-filled grid as one rect per row', () => {
    const { puzzle, cells } = filledNonogram(300);
    const svg = renderSvg(puzzle, { width: 300, height: 300, cells });
    expect(svg.match(/<rect [^>]*width="6000" height="20"\/>/g)).toHaveLength(300);
    // 90,000 filled cells drawn one by one would take over 3.5 MB.
    expect(svg.length).toBeLessThan(200_000);
  });

  it('refuses output past MAX_OUTPUT_CHARS before building it', () => {
    // A checkerboard has a run per filled cell: 1500x1500 would need ~100 MB of SVG and clues.
    const side = 1500;
    const cells = new Uint8Array(side * side);
    for (let i = 0; i < cells.length; i++) cells[i] = (Math.floor(i / side) + i) % 2;
    const clues = Array.from({ length: side }, () => Array.from({ length: side / 2 }, () => 1));
    const puzzle: NonogramPuzzle = { kind: 'nonogram', width: side, height: side, rows: clues, columns: clues, givens: [], meta: {} };
    expect(() => renderSvg(puzzle, { width: side, height: side, cells })).toThrow(OutputLimitError);
    expect(() => renderSvg(puzzle, { width: side, height: side, cells })).toThrow(/over the output limit of 64 MiB/);
    const arrows: ArrowPathPuzzle = { kind: 'arrowpath', width: 1000, height: 1000, arrows: new Array(1e6).fill('E'), givens: new Array<number>(1e6).fill(0), meta: {} };
    expect(() => renderSvg(arrows)).toThrow(OutputLimitError);
    const big = filledNonogram(6000);
    expect(() => renderText(big.puzzle, { width: 6000, height: 6000, cells: big.cells })).toThrow(OutputLimitError);
    expect(MAX_OUTPUT_CHARS).toBe(64 * 1024 * 1024);
  });

  it('writers refuse an output past the cap', () => {
    const side = 10_000;
    const arrows: ArrowPathPuzzle = { kind: 'arrowpath', width: side, height: side, arrows: { length: side * side } as never, givens: { length: side * side } as never, meta: {} };
    expect(() => writePuzzles([arrows], 'json')).toThrow(OutputLimitError);
  });
});

describe('capped readers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gridrace-core-'));

  it('read a small file whole', async () => {
    const file = join(dir, 'small.txt');
    writeFileSync(file, '5x5:1/1/1/1/1/1/1/1/1/1');
    expect(await readTextFile(file)).toBe('5x5:1/1/1/1/1/1/1/1/1/1');
    expect(readTextFileSync(file)).toBe('5x5:1/1/1/1/1/1/1/1/1/1');
  });

  it('refuse a regular file over the cap by its size, naming it', async () => {
    const file = join(dir, 'big.txt');
    writeFileSync(file, 'x'.repeat(2000));
    await expect(readTextFile(file, { maxBytes: 1000 })).rejects.toThrow(PuzzleFormatError);
    await expect(readTextFile(file, { maxBytes: 1000 })).rejects.toThrow(`${file}: the file is larger than the input limit`);
    expect(() => readTextFileSync(file, { maxBytes: 1000 })).toThrow(/input limit/);
  });

  it('stop reading a device that never ends at the cap', async () => {
    await expect(readTextFile('/dev/zero', { maxBytes: 4 << 20 })).rejects.toThrow('/dev/zero: the input is not a regular file and did not end within the input limit of 4 MiB');
    expect(() => readTextFileSync('/dev/zero', { maxBytes: 4 << 20 })).toThrow(/did not end/);
  });

  it('stop reading an endless stream at the cap', async () => {
    let sent = 0;
    const endless = new Readable({
      read() {
        sent += 65536;
        this.push(Buffer.alloc(65536));
      },
    });
    const error = await readTextStream(endless, '<stdin>', { maxBytes: 1 << 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PuzzleFormatError);
    expect((error as PuzzleFormatError).code).toBe('input-too-large');
    expect((error as Error).message).toMatch(/^<stdin>: the input did not end within/);
    expect(sent).toBeLessThan(4 << 20);
    expect(endless.destroyed).toBe(true);
  });
});
