import { describe, expect, it } from 'vitest';
import { nonogramFromSolution, renderSvg, renderText, type ArrowPathPuzzle } from '../src/index.js';

const grid = { width: 3, height: 2, cells: Uint8Array.from([1, 1, 0, 1, 0, 1]) };
const nonogram = nonogramFromSolution(grid, { title: 'tiny <3>' });

// The 3x3 seed arrow path (pijlenpad-1), as a model.
const arrowPath: ArrowPathPuzzle = {
  kind: 'arrowpath',
  width: 3,
  height: 3,
  arrows: ['SE', 'SW', 'S', 'S', 'N', 'N', 'E', 'NE', null],
  givens: [1, 0, 0, 0, 0, 0, 0, 0, 9],
  meta: {},
};
const arrowSolution = { width: 3, height: 3, numbers: Int32Array.from([1, 3, 8, 4, 2, 7, 5, 6, 9]) };

describe('renderText', () => {
  it('draws a nonogram with column clues above and row clues on the left', () => {
    expect(renderText(nonogram, grid)).toBe(['     2 1 1', '  2 ████ ·', '1 1 ██ ·██', ''].join('\n'));
  });
  it('shows unknown cells as ? when there is no solution', () => {
    expect(renderText(nonogram, undefined, { clues: false })).toBe(' ? ? ?\n ? ? ?\n');
  });
  it('draws an arrow path with numbers and arrows, the last cell without one', () => {
    expect(renderText(arrowPath, arrowSolution)).toBe('1↘ 3↙ 8↓\n4↓ 2↑ 7↑\n5→ 6↗ 9\n');
    expect(renderText(arrowPath)).toBe('1↘ ·↙ ·↓\n·↓ ·↑ ·↑\n·→ ·↗ 9\n');
  });
  it('adds ANSI colour only when asked', () => {
    expect(renderText(nonogram, grid)).not.toMatch(/\x1b\[/);
    expect(renderText(nonogram, grid, { color: true })).toMatch(/\x1b\[/);
  });
});

describe('renderSvg', () => {
  it('draws one black rect per run of filled cells in a row and escapes the title', () => {
    const svg = renderSvg(nonogram, grid);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>tiny &#60;3&#62;</title>');
    // Rows ##. and #.#: three runs, widths 2, 1, 1 cells.
    const runs = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="(\d+)" height="20"\/>/g)].map((m) => Number(m[1]) / 20);
    expect(runs).toEqual([2, 1, 1]);
  });
  it('outlines the highlighted cells (where two solutions differ) in red, each in its own cell', () => {
    const plain = renderSvg(nonogram, grid);
    expect(plain).not.toContain('class="differs"');
    const svg = renderSvg(nonogram, grid, { highlight: [1, 5] });
    const group = /<g class="differs"[^>]*>(.*?)<\/g>/.exec(svg)![1]!;
    const boxes = [...group.matchAll(/<rect x="([\d.]+)" y="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(boxes).toHaveLength(2);
    // Cell 1 is (row 0, column 1), cell 5 is (row 1, column 2): one cell (20 units) right and down, then one more right.
    expect(boxes[1]![0]! - boxes[0]![0]!).toBe(20);
    expect(boxes[1]![1]! - boxes[0]![1]!).toBe(20);
  });
  it('draws an arrow path: an arrow per cell but the last, every number, and the path', () => {
    const svg = renderSvg(arrowPath, arrowSolution);
    expect(svg.match(/<polygon/g)).toHaveLength(8);
    for (let n = 1; n <= 9; n++) expect(svg).toMatch(new RegExp(`>${n}</text>`));
    expect(svg).toContain('<polyline');
  });
});
