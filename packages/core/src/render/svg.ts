import { DIRECTION_STEPS, type ArrowPathPuzzle, type ArrowPathSolution } from '../model/arrowpath.js';
import { FILLED, type NonogramPuzzle, type NonogramSolution } from '../model/nonogram.js';
import type { ColourNonogramSolution } from '../model/colour-nonogram.js';
import type { Puzzle, Solution } from '../model/puzzle.js';
import { renderColourNonogramSvg } from './colour.js';
import { checkOutputSize } from '../limits.js';
import { escapeXml } from '../formats/xml-events.js';

export interface SvgRenderOptions {
  /** Cell size in SVG units. Default 20. */
  cellSize?: number;
  /** Title element (accessibility, tooltips). Default: the puzzle's meta title. */
  title?: string;
  /** Cells (row-major indices) to outline in red: where two solutions of a nonogram differ. */
  highlight?: readonly number[];
}

/** Red outlines around the `highlight` cells of a grid drawn at (`left`, `top`). */
export function highlightCells(width: number, left: number, top: number, s: number, cells: readonly number[] = []): string[] {
  if (cells.length === 0) return [];
  const boxes = cells.map((i) => `<rect x="${left + (i % width) * s + 1.5}" y="${top + Math.floor(i / width) * s + 1.5}" width="${s - 3}" height="${s - 3}"/>`);
  return [`<g class="differs" fill="none" stroke="#cf222e" stroke-width="3">${boxes.join('')}</g>`];
}

/** An SVG document of the given size around `body`, on a `paper`-coloured ground. */
export function svgDocument(width: number, height: number, title: string | undefined, body: string[], paper = '#fff'): string {
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`;
  const titleTag = title ? [`<title>${escapeXml(title)}</title>`] : [];
  return [head, ...titleTag, `<rect width="${width}" height="${height}" fill="${paper}"/>`, ...body, '</svg>', ''].join('\n');
}

/**
 * A nonogram grid's lines (bold every 5 cells) at (`left`, `top`) with cells of `s` units, and the
 * given cells outlined in blue, each filled with its `fill`: what both nonogram kinds draw.
 */
export function gridAndGivens(width: number, height: number, left: number, top: number, s: number, givens: readonly { row: number; col: number; fill: string }[]): string[] {
  const grid: string[] = [];
  for (let c = 0; c <= width; c++) {
    const heavy = c % 5 === 0 || c === width;
    grid.push(`<line x1="${left + c * s}" y1="${top}" x2="${left + c * s}" y2="${top + height * s}" stroke-width="${heavy ? 1.5 : 0.5}"/>`);
  }
  for (let r = 0; r <= height; r++) {
    const heavy = r % 5 === 0 || r === height;
    grid.push(`<line x1="${left}" y1="${top + r * s}" x2="${left + width * s}" y2="${top + r * s}" stroke-width="${heavy ? 1.5 : 0.5}"/>`);
  }
  const out = [`<g stroke="#666">${grid.join('')}</g>`];
  const outlines = givens.map((g) => `<rect x="${left + g.col * s + 2}" y="${top + g.row * s + 2}" width="${s - 4}" height="${s - 4}" fill="${g.fill}"/>`);
  if (outlines.length > 0) out.push(`<g stroke="#1e6fd9" stroke-width="2">${outlines.join('')}</g>`);
  return out;
}

/** A nonogram with its clues; filled cells black, givens outlined in blue, bold lines every 5 cells. */
export function renderNonogramSvg(puzzle: NonogramPuzzle, solution?: NonogramSolution, options: SvgRenderOptions = {}): string {
  const s = options.cellSize ?? 20;
  const { width, height } = puzzle;
  const clueFont = Math.round(s * 0.6);
  const left = Math.max(...puzzle.rows.map((c) => Math.max(c.length, 1))) * s * 0.8 + s * 0.4;
  const top = Math.max(...puzzle.columns.map((c) => Math.max(c.length, 1))) * s * 0.8 + s * 0.4;
  // Filled cells are drawn as one rect per horizontal run, so an all-filled grid costs a
  // rect per row; the size is estimated from the runs before any string is built.
  const runs: number[] = [];
  if (solution) {
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) {
        if (solution.cells[r * width + c] !== FILLED) continue;
        const start = c;
        while (c + 1 < width && solution.cells[r * width + c + 1] === FILLED) c++;
        runs.push(r, start, c - start + 1);
      }
    }
  }
  let clueCount = 0;
  for (const clue of [...puzzle.rows, ...puzzle.columns]) clueCount += Math.max(clue.length, 1);
  const estimate = clueCount * 110 + (width + height) * 90 + (runs.length / 3) * 70 + (puzzle.givens.length + (options.highlight?.length ?? 0)) * 110 + 300;
  checkOutputSize(`the SVG of a ${width}x${height} nonogram`, estimate);
  const body: string[] = [];
  puzzle.columns.forEach((clue, c) => {
    const shown = clue.length === 0 ? [0] : clue;
    shown.forEach((n, k) => {
      const y = top - (shown.length - k - 0.5) * s * 0.8;
      body.push(`<text x="${left + (c + 0.5) * s}" y="${y.toFixed(1)}" font-size="${clueFont}" text-anchor="middle" dominant-baseline="central">${n}</text>`);
    });
  });
  puzzle.rows.forEach((clue, r) => {
    const shown = clue.length === 0 ? [0] : clue;
    shown.forEach((n, k) => {
      const x = left - (shown.length - k - 0.5) * s * 0.8;
      body.push(`<text x="${x.toFixed(1)}" y="${top + (r + 0.5) * s}" font-size="${clueFont}" text-anchor="middle" dominant-baseline="central">${n}</text>`);
    });
  });
  const cells: string[] = [];
  for (let i = 0; i < runs.length; i += 3) {
    const r = runs[i]!;
    const c = runs[i + 1]!;
    cells.push(`<rect x="${left + c * s}" y="${top + r * s}" width="${runs[i + 2]! * s}" height="${s}"/>`);
  }
  body.push(`<g fill="#000">${cells.join('')}</g>`);
  body.push(...gridAndGivens(width, height, left, top, s, puzzle.givens.map((g) => ({ ...g, fill: !solution && g.filled ? '#000' : 'none' }))));
  body.push(...highlightCells(width, left, top, s, options.highlight));
  return svgDocument(left + width * s + 2, top + height * s + 2, options.title ?? puzzle.meta.title, body);
}

/** An arrow path: each cell an arrow and its number; the path drawn faintly when solved. */
export function renderArrowPathSvg(puzzle: ArrowPathPuzzle, solution?: ArrowPathSolution, options: SvgRenderOptions = {}): string {
  const s = options.cellSize ?? 40;
  const { width, height } = puzzle;
  const n = width * height;
  // Per cell: its square, an arrow, a number, a point of the path.
  checkOutputSize(`the SVG of a ${width}x${height} arrow path`, n * (solution ? 300 : 280) + 300);
  const body: string[] = [];
  const centre = (i: number): [number, number] => [((i % width) + 0.5) * s + 1, (Math.floor(i / width) + 0.5) * s + 1];
  for (let i = 0; i < n; i++) {
    const [cx, cy] = centre(i);
    body.push(`<rect x="${cx - s / 2}" y="${cy - s / 2}" width="${s}" height="${s}" fill="none" stroke="#666"/>`);
    const arrow = puzzle.arrows[i];
    const value = solution ? solution.numbers[i]! : (puzzle.givens[i] ?? 0);
    if (arrow != null && value !== n && puzzle.givens[i] !== n) {
      const [dr, dc] = DIRECTION_STEPS[arrow];
      const len = Math.hypot(dr, dc);
      const ux = dc / len;
      const uy = dr / len;
      const tipX = cx + ux * s * 0.42;
      const tipY = cy + uy * s * 0.42;
      // A small triangle near the edge the arrow points to.
      const baseX = tipX - ux * s * 0.18;
      const baseY = tipY - uy * s * 0.18;
      const px = -uy * s * 0.1;
      const py = ux * s * 0.1;
      body.push(
        `<polygon points="${tipX.toFixed(1)},${tipY.toFixed(1)} ${(baseX + px).toFixed(1)},${(baseY + py).toFixed(1)} ${(baseX - px).toFixed(1)},${(baseY - py).toFixed(1)}" fill="#444"/>`,
      );
    }
    if (value !== 0) {
      const given = (puzzle.givens[i] ?? 0) !== 0;
      body.push(
        `<text x="${cx}" y="${cy}" font-size="${Math.round(s * 0.38)}" text-anchor="middle" dominant-baseline="central"${given ? ' font-weight="bold"' : ' fill="#1e6fd9"'}>${value}</text>`,
      );
    }
  }
  if (solution) {
    const cellOf = new Array<number>(n + 1);
    solution.numbers.forEach((v, i) => (cellOf[v] = i));
    const points = cellOf.slice(1).map((i) => centre(i).map((x) => x.toFixed(1)).join(','));
    body.unshift(`<polyline points="${points.join(' ')}" fill="none" stroke="#f4b400" stroke-opacity="0.5" stroke-width="${(s * 0.12).toFixed(1)}"/>`);
  }
  return svgDocument(width * s + 2, height * s + 2, options.title ?? puzzle.meta.title, body);
}

export function renderSvg(puzzle: Puzzle, solution?: Solution, options?: SvgRenderOptions): string {
  if (puzzle.kind === 'nonogram') return renderNonogramSvg(puzzle, solution as NonogramSolution | undefined, options);
  if (puzzle.kind === 'colour-nonogram') return renderColourNonogramSvg(puzzle, solution as ColourNonogramSolution | undefined, options);
  return renderArrowPathSvg(puzzle, solution as ArrowPathSolution | undefined, options);
}
