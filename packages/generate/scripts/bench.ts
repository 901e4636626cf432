// Generator benchmark: how sparse generateArrowPath gets and how long it takes, per size.
// Prints a markdown table; with --write FILE also writes the puzzles as Signpost IDs.
//
//   pnpm run bench [-- --sizes 10,20,30 --seeds 2 --write ../engine-arrowpath/bench/sparse-generated.txt]
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { writePuzzle } from '@gridrace/core';
import { arrowPathEngine } from '@gridrace/engine-arrowpath';
import { generateArrowPath } from '../src/index.js';

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const sizes = option('sizes', '10,20,30').split(',').map(Number);
const seeds = Number(option('seeds', '2'));
const write = option('write', '');

const ids: string[] = [];
console.log(`date ${new Date().toISOString().slice(0, 10)}, ${cpus()[0]?.model ?? 'unknown cpu'} (${cpus().length} cores), Node ${process.version}`);
console.log('\n| size | seed | givens | of cells | removals tried | generation s | solve ms (arrowpath, median of 3) | branches |');
console.log('|---|---|---|---|---|---|---|---|');
for (const size of sizes) {
  for (let seed = 1; seed <= seeds; seed++) {
    const { puzzle, stats } = await generateArrowPath({ width: size, height: size, seed });
    const times: number[] = [];
    let branches = 0;
    for (let i = 0; i < 3; i++) {
      const result = await arrowPathEngine.solve(puzzle);
      if (result.verdict !== 'unique') throw new Error(`generated ${size}x${size} seed ${seed} is ${result.verdict}`);
      times.push(result.stats.timeMs);
      branches = result.stats.counters.branches ?? 0;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${size}x${size} | ${seed} | ${stats.givens} | ${((100 * stats.givens) / stats.cells).toFixed(1)}% | ${stats.tried} | ${(stats.timeMs / 1000).toFixed(1)} | ${times[1]!.toFixed(1)} | ${branches} |`,
    );
    ids.push(writePuzzle(puzzle, 'signpost').trim());
  }
}
if (write !== '') writeFileSync(write, `${ids.join('\n')}\n`);
