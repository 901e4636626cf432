import { readFileSync } from 'node:fs';
import { readPuzzles, verify, type NonogramPuzzle } from '@gridrace/core';
import { bitmaskEngine } from '../src/index.js';
const files = process.argv.slice(2);
for (const f of files) {
  const ps = readPuzzles(readFileSync(f, 'utf8'), { file: f }) as NonogramPuzzle[];
  const limit = Number(process.env.N ?? ps.length);
  let total = 0; const verdicts: Record<string, number> = {}; let worst = 0; let worstI = -1;
  for (let i = 0; i < Math.min(limit, ps.length); i++) {
    const p = ps[i]!;
    const t0 = performance.now();
    const r = await bitmaskEngine.solve(p, { maxSolutions: 2, timeLimitMs: Number(process.env.TL ?? 60000) });
    const dt = performance.now() - t0;
    total += dt; if (dt > worst) { worst = dt; worstI = i; }
    verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
    for (const s of r.solutions) { const v = verify(p, s); if (!v.ok) console.log('BAD', f, i, v); }
    if (ps.length < 50 || process.env.V || dt > Number(process.env.SLOW ?? 1e9)) console.log(f.split('/').pop(), i, r.verdict, dt.toFixed(1), 'ms', r.stats.difficulty, JSON.stringify(r.stats.counters));
  }
  console.log(f.split('/').pop(), 'total', total.toFixed(0), 'ms', JSON.stringify(verdicts), 'worst', worst.toFixed(0), worstI);
}
