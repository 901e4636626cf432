#!/usr/bin/env node
// Regenerates puzzles/generated/: the race's large corpus. Seeded and deterministic: the same
// generator code, seeds and checking engine give byte-identical files. Run from the repo root
// after a build (`pnpm -F @gridrace/benchmarks corpus` does both).
//
//   node benchmarks/scripts/corpus.mjs [--check-engine NAME] [--load MODULE] [--only nonogram|colour|arrowpath] [--max-side N]
//
// The committed files were checked by `bitmask`; another checking engine may return another
// second solution and so repair the pictures differently, giving other (equally valid) puzzles.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getEngine, listEngines, writePuzzle } from '@gridrace/core';
import '@gridrace/engines';
import { generateArrowPath, generateColourNonogram, generateNonogram } from '@gridrace/generate';

const ROOT = new URL('../../', import.meta.url).pathname;
const OUT = join(ROOT, 'puzzles/generated');

// The corpus definition. Three families of nonograms, each a random picture repaired until
// its clues have one solution:
// - `smooth`: noise at 60% density, two rounds of smoothing: big blobs, long blocks, mostly
//   line-solvable; 50x50 to 300x300, the raw speed of line solving on large grids;
// - `rough`: noise at 55%, one round: ragged edges, the checker needs probing;
// - `search`: raw noise at 50%, kept only when the checker needed more than line logic.
const NONOGRAMS = [
  { family: 'smooth', width: 50, height: 50, seed: 1 },
  { family: 'smooth', width: 100, height: 100, seed: 1 },
  { family: 'smooth', width: 150, height: 150, seed: 1 },
  { family: 'smooth', width: 200, height: 200, seed: 1 },
  { family: 'smooth', width: 240, height: 160, seed: 1 },
  { family: 'smooth', width: 250, height: 250, seed: 1 },
  { family: 'smooth', width: 300, height: 300, seed: 1 },
  { family: 'rough', width: 15, height: 15, seed: 1 },
  { family: 'rough', width: 15, height: 15, seed: 2 },
  { family: 'rough', width: 20, height: 20, seed: 1 },
  { family: 'rough', width: 20, height: 20, seed: 2 },
  { family: 'rough', width: 25, height: 25, seed: 1 },
  { family: 'rough', width: 25, height: 25, seed: 2 },
  { family: 'rough', width: 50, height: 50, seed: 1 },
  { family: 'rough', width: 75, height: 75, seed: 1 },
  { family: 'rough', width: 100, height: 100, seed: 1 },
  { family: 'rough', width: 150, height: 150, seed: 1 },
  { family: 'search', width: 20, height: 20, seed: 1 },
  { family: 'search', width: 25, height: 25, seed: 1 },
  { family: 'search', width: 30, height: 30, seed: 1 },
  { family: 'search', width: 30, height: 30, seed: 2 },
  { family: 'search', width: 40, height: 40, seed: 1 },
  { family: 'search', width: 50, height: 50, seed: 1 },
];
const FAMILY = {
  smooth: { density: 0.6, smoothing: 2, want: 'unique' },
  rough: { density: 0.55, smoothing: 1, want: 'unique' },
  search: { density: 0.5, smoothing: 0, want: 'branching', maxAttempts: 40 },
};
// Colour nonograms: blobby pictures split into colour regions (generateColourNonogram), repaired
// until one solution; `colour-search` keeps only those the checker needed search for.
const COLOUR_NONOGRAMS = [
  { family: 'colour', width: 30, height: 30, colours: 3, seed: 1 },
  { family: 'colour', width: 50, height: 50, colours: 4, seed: 1 },
  { family: 'colour', width: 75, height: 75, colours: 3, seed: 1 },
  { family: 'colour', width: 100, height: 100, colours: 4, seed: 1 },
  { family: 'colour', width: 100, height: 100, colours: 8, seed: 1 },
  { family: 'colour-search', width: 20, height: 20, colours: 3, seed: 1 },
  { family: 'colour-search', width: 30, height: 30, colours: 3, seed: 1 },
  { family: 'colour-search', width: 30, height: 30, colours: 2, seed: 1 },
];
const COLOUR_FAMILY = {
  colour: { density: 0.55, smoothing: 1, want: 'unique' },
  'colour-search': { density: 0.5, smoothing: 0, want: 'branching', maxAttempts: 40 },
};
// Arrow paths: sparse puzzles made by generateArrowPath (node-capped, so machine-independent).
const ARROWPATHS = [
  { width: 7, height: 7, seed: 1 },
  { width: 10, height: 10, seed: 1 },
  { width: 15, height: 15, seed: 1 },
  { width: 20, height: 20, seed: 1 },
  { width: 25, height: 25, seed: 1 },
];

function args() {
  const argv = process.argv.slice(2);
  const get = (flag) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return { checkEngine: get('--check-engine'), load: get('--load'), only: get('--only'), maxSide: Number(get('--max-side') ?? Infinity) };
}

const pad = (n) => String(n).padStart(3, '0');

async function main() {
  const { checkEngine, load, only, maxSide } = args();
  if (load) await import(new URL(load, `file://${process.cwd()}/`).href);
  const names = listEngines('nonogram').map((e) => e.name);
  if (checkEngine === undefined && !names.includes('bitmask') && only !== 'arrowpath') {
    console.error('corpus: the committed nonograms were checked by "bitmask", which is not registered; pass --check-engine NAME to use another (the puzzles will differ)');
    process.exit(2);
  }
  const checkerName = checkEngine ?? 'bitmask';
  const checker = only === 'arrowpath' || only === 'colour' ? undefined : getEngine(checkerName, 'nonogram');
  await checker?.init?.();
  mkdirSync(OUT, { recursive: true });
  const rows = [];
  const keep = new Set();

  if (only === undefined || only === 'nonogram') {
    for (const spec of NONOGRAMS) {
      if (Math.max(spec.width, spec.height) > maxSide) continue;
      const t = performance.now();
      const { family, ...size } = spec;
      const { puzzle, stats } = await generateNonogram({ ...size, ...FAMILY[family], checker, checkTimeLimitMs: 120_000 });
      const name = `nonogram-${family}-${pad(spec.width)}x${pad(spec.height)}-s${spec.seed}.json`;
      writeFileSync(join(OUT, name), writePuzzle(puzzle, 'json'));
      keep.add(name);
      const filled = ((100 * stats.filled) / (spec.width * spec.height)).toFixed(0);
      rows.push(`| \`${name}\` | nonogram | ${spec.width}x${spec.height} | ${spec.seed} | ${filled}% filled | ${stats.difficulty ?? '-'} | ${checkerName} |`);
      console.log(`${name}: ${stats.attempts} attempt(s), ${stats.repairs} repair(s), ${stats.checks} check(s), ${(performance.now() - t).toFixed(0)} ms`);
    }
  }
  if (only === undefined || only === 'colour') {
    // The colour engine of the same name as the black-and-white checker.
    const colourChecker = getEngine(checkerName, 'colour-nonogram');
    for (const spec of COLOUR_NONOGRAMS) {
      if (Math.max(spec.width, spec.height) > maxSide) continue;
      const t = performance.now();
      const { family, ...size } = spec;
      const { puzzle, stats } = await generateColourNonogram({ ...size, ...COLOUR_FAMILY[family], checker: colourChecker, checkTimeLimitMs: 120_000 });
      const name = `nonogram-${family}-${pad(spec.width)}x${pad(spec.height)}-c${spec.colours}-s${spec.seed}.json`;
      writeFileSync(join(OUT, name), writePuzzle(puzzle, 'json'));
      keep.add(name);
      const coloured = ((100 * stats.filled) / (spec.width * spec.height)).toFixed(0);
      rows.push(`| \`${name}\` | colour nonogram | ${spec.width}x${spec.height} | ${spec.seed} | ${coloured}% in ${spec.colours} colours | ${stats.difficulty ?? '-'} | ${checkerName} |`);
      console.log(`${name}: ${stats.attempts} attempt(s), ${stats.repairs} repair(s), ${stats.checks} check(s), ${(performance.now() - t).toFixed(0)} ms`);
    }
  }
  if (only === undefined || only === 'arrowpath') {
    for (const spec of ARROWPATHS) {
      if (Math.max(spec.width, spec.height) > maxSide) continue;
      const t = performance.now();
      const { puzzle, stats } = await generateArrowPath({ width: spec.width, height: spec.height, seed: spec.seed });
      const name = `arrowpath-${pad(spec.width)}x${pad(spec.height)}-s${spec.seed}.json`;
      writeFileSync(join(OUT, name), writePuzzle(puzzle, 'json'));
      keep.add(name);
      rows.push(`| \`${name}\` | arrow path | ${spec.width}x${spec.height} | ${spec.seed} | ${stats.givens} givens | - | arrowpath |`);
      console.log(`${name}: ${stats.givens} givens of ${stats.cells}, ${(performance.now() - t).toFixed(0)} ms`);
    }
  }
  // Files of an older corpus definition go, so the folder is exactly the definition above.
  if (only === undefined && maxSide === Infinity) {
    for (const file of readdirSync(OUT)) if (file.endsWith('.json') && !keep.has(file)) rmSync(join(OUT, file));
    writeFileSync(
      join(OUT, 'README.md'),
      `# puzzles/generated

Written by \`benchmarks/scripts/corpus.mjs\` (\`pnpm -F @gridrace/benchmarks corpus\`); do not edit by hand.
Every file is a pure function of the generator code, the seed and the checking engine: rerunning
the script gives the same bytes. Each puzzle carries its solution, and each has exactly one
solution (nonograms: proven by the checking engine with \`maxSolutions: 2\`; arrow paths: by
\`arrowpath\` inside \`generateArrowPath\`). The race cross-checks every engine's answer against it.

Nonograms are random pictures (noise, then rounds of 3x3 majority smoothing), changed where
two solutions differ until the clues have one. \`smooth\`: 60% noise, two rounds (big blobs,
mostly line-solvable), 50x50 to 300x300. \`rough\`: 55% noise, one round (ragged edges, some
need probing); its 15x15 to 25x25 puzzles are small enough for \`naive\`. \`search\`: raw 50% noise, kept only when the checker needed more than line
logic (difficulty \`probe\` or \`branch\`). Colour nonograms (\`colour\`, \`colour-search\`, the
colour count after \`c\`): the same pictures split into colour regions around random centres,
repaired the same way and checked by the colour engine of the same name.

| file | kind | size | seed | content | difficulty (checker) | checked by |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
    );
  }
  await checker?.dispose?.();
}

await main();
