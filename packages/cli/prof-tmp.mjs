import { readFileSync } from 'node:fs';
import { readPuzzle } from '@gridrace/core';
import { createBitmaskEngine } from '@gridrace/engine-bitmask';
const f = process.argv[2];
const p = readPuzzle(readFileSync(f, 'utf8'), { file: f });
const e = createBitmaskEngine();
const n = Number(process.argv[3] ?? 30);
const ts = [];
for (let i = 0; i < n; i++) { const t = performance.now(); await e.solve(p, { maxSolutions: 2 }); ts.push(performance.now() - t); }
ts.sort((a, b) => a - b); console.log('median', ts[n >> 1].toFixed(2), 'min', ts[0].toFixed(2));
