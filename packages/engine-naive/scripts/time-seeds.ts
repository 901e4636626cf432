// Time the naive engine on the repository's seed nonograms and print a Markdown table.
// Run from packages/engine-naive: `pnpm run time-seeds` (tsx; @gridrace/core must be built).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPuzzle, verify } from '@gridrace/core';
import { naiveEngine } from '../src/index.js';

const RUNS = 7;
const dir = fileURLToPath(new URL('../../../puzzles/seed/', import.meta.url));
const rows: string[] = ['| puzzle | size | verdict | median ms (of 7, after 1 warm-up) | passes | placements | branches |', '|---|---|---|---:|---:|---:|---:|'];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const puzzle = readPuzzle(readFileSync(join(dir, file), 'utf8'), { file });
  if (puzzle.kind !== 'nonogram') continue;
  let last = await naiveEngine.solve(puzzle); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    last = await naiveEngine.solve(puzzle);
    times.push(last.stats.timeMs);
  }
  times.sort((a, b) => a - b);
  const ok = last.solutions.every((s) => verify(puzzle, s).ok);
  const c = last.stats.counters;
  rows.push(
    `| ${file} | ${puzzle.width}x${puzzle.height} | ${last.verdict}${ok ? '' : ' (NOT VERIFIED)'} | ${times[RUNS >> 1]!.toFixed(1)} | ${c.passes} | ${c.placements} | ${c.branches} |`,
  );
}
console.log(rows.join('\n'));
console.log(`\nNode ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
