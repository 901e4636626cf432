// The colour nonogram generator: a seeded blobby picture (the black-and-white generator's
// smoothed noise says which cells are coloured) split into colour regions around random
// centres, its clues, and a colour engine that says whether they have one solution; where two
// solutions differ the picture changes at one such cell (the same repair loop as black and white).
import {
  MAX_COLOURS,
  colourNonogramFromSolution,
  type ColourNonogramPuzzle,
  type ColourNonogramSolution,
  type Engine,
  type PaletteColour,
  type Random,
} from '@gridrace/core';
import { checkSize, randomImage, uniqueByRepair, type GenerateNonogramOptions, type GenerateNonogramStats } from './nonogram.js';

export interface GenerateColourNonogramOptions extends Omit<GenerateNonogramOptions, 'checker'> {
  /** Colours besides the background, 1 to MAX_COLOURS - 1. */
  readonly colours: number;
  /** Decides uniqueness (asked for 2 solutions): a complete colour engine such as `wasm`. */
  readonly checker: Engine<'colour-nonogram'>;
}

export interface GeneratedColourNonogram {
  readonly puzzle: ColourNonogramPuzzle;
  readonly stats: GenerateNonogramStats;
}

const NAMED: readonly (readonly [string, string, string])[] = [
  ['red', 'e6194b', 'r'],
  ['blue', '4363d8', 'b'],
  ['green', '3cb44b', 'g'],
  ['yellow', 'ffe119', 'y'],
  ['orange', 'f58231', 'o'],
  ['purple', '911eb4', 'p'],
  ['cyan', '42d4f4', 'c'],
  ['magenta', 'f032e6', 'm'],
  ['black', '000000', 'X'],
  ['brown', '9a6324', 'n'],
  ['navy', '000075', 'v'],
  ['teal', '469990', 't'],
];
/** Characters for colours past the named ones. */
const MORE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVW';

/** White, then `colours` distinct colours: twelve named ones, then evenly spread greys-to-hues. */
export function generatorPalette(colours: number): PaletteColour[] {
  const palette: PaletteColour[] = [{ name: 'white', rgb: 'ffffff', char: '.' }];
  for (let i = 0; i < colours; i++) {
    if (i < NAMED.length) {
      const [name, rgb, char] = NAMED[i]!;
      palette.push({ name, rgb, char });
    } else {
      const k = i - NAMED.length;
      const value = Math.round((255 * (k + 1)) / (MAX_COLOURS - NAMED.length + 1));
      const hex = value.toString(16).padStart(2, '0');
      palette.push({ name: `colour${i + 1}`, rgb: `${hex}${(255 - value).toString(16).padStart(2, '0')}${hex}`, char: MORE_CHARS[k]! });
    }
  }
  return palette;
}

/** The coloured cells of a blobby picture, each taking the colour of its nearest of a few random centres. */
export function randomColourImage(width: number, height: number, colours: number, random: Random, density = 0.55, smoothing = 1): Uint8Array {
  const shape = randomImage(width, height, random, density, smoothing);
  const centres = Array.from({ length: colours * 2 }, (_, i) => ({ r: random.float() * height, c: random.float() * width, colour: 1 + (i % colours) }));
  const cells = new Uint8Array(width * height);
  for (let i = 0; i < cells.length; i++) {
    if (shape[i] === 0) continue;
    const r = Math.floor(i / width);
    const c = i % width;
    let best = centres[0]!;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const centre of centres) {
      const d = (centre.r - r) ** 2 + (centre.c - c) ** 2;
      if (d < bestDistance) {
        best = centre;
        bestDistance = d;
      }
    }
    cells[i] = best.colour;
  }
  return cells;
}

/**
 * Generate a colour nonogram with exactly one solution (checked by `options.checker`). Throws
 * GenerateNonogramError when no attempt succeeds within the limits.
 */
export async function generateColourNonogram(options: GenerateColourNonogramOptions): Promise<GeneratedColourNonogram> {
  const { width, height, colours, checker } = options;
  checkSize(width, height);
  if (!Number.isInteger(colours) || colours < 1 || colours > MAX_COLOURS - 1) {
    throw new RangeError(`colours must be a whole number from 1 to ${MAX_COLOURS - 1}, got ${colours}`);
  }
  const density = options.density ?? 0.55;
  if (!(density >= 0 && density <= 1)) throw new RangeError(`density must be within 0..1, got ${density}`);
  const smoothing = options.smoothing ?? 1;
  const palette = generatorPalette(colours);
  const { puzzle, stats } = await uniqueByRepair<ColourNonogramPuzzle, ColourNonogramSolution>(
    {
      width,
      height,
      checker,
      image: (random) => randomColourImage(width, height, colours, random, density, smoothing),
      puzzleOf: (cells) => colourNonogramFromSolution({ width, height, cells }, palette),
      // Another value than now: the background or another colour.
      repaired: (now, random) => (now + 1 + random.int(colours)) % (colours + 1),
    },
    options,
    `colour nonogram in ${colours} colours`,
  );
  const { cells, ...rest } = stats;
  const filled = cells.reduce((sum, v) => sum + (v === 0 ? 0 : 1), 0);
  const title = `random ${width}x${height} in ${colours} colours, seed ${String(options.seed)}`;
  return {
    puzzle: { ...puzzle, meta: { title, source: `gridrace generateColourNonogram (density ${density}, smoothing ${smoothing}, checked by ${checker.name})` } },
    stats: { ...rest, filled },
  };
}
