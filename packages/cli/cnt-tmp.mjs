import { readFileSync } from 'node:fs';
import { readPuzzle } from '@gridrace/core';
const f = process.argv[2];
const p = readPuzzle(readFileSync(f, 'utf8'), { file: f });
for (const dir of ['/work/ab-main', '/work/main']) {
  const { createBitmaskEngine } = await import(dir + '/packages/engine-bitmask/dist/index.js');
  const r = await createBitmaskEngine().solve(p, { maxSolutions: 2 });
  console.log(dir, r.verdict, JSON.stringify(r.stats.counters));
}
