import { readFileSync } from 'node:fs';
import { readPuzzles, verify, type NonogramPuzzle } from '@gridrace/core';
import { createBitmaskEngine } from '../src/index.js';
const engine = createBitmaskEngine({ strategy: (process.env.STRATEGY ?? 'auto') as 'auto', probeNodes: Number(process.env.NODES ?? 200) });
const f = process.argv[2]!; const from = Number(process.argv[3] ?? 0); const to = Number(process.argv[4] ?? 1); const step = Number(process.argv[5] ?? 1);
const ps = readPuzzles(readFileSync(f, 'utf8'), { file: f }) as NonogramPuzzle[];
let total = 0; let cpu = 0; let nodes = 0; const verdicts: Record<string, number> = {};
for (let i = from; i < Math.min(to, ps.length); i += step) {
  const p = ps[i]!; const t0 = performance.now(); const c0 = process.cpuUsage();
  const r = await engine.solve(p, { maxSolutions: 2, timeLimitMs: Number(process.env.TL ?? 5000) });
  const c1 = process.cpuUsage(c0); const dc = (c1.user + c1.system) / 1000;
  const dt = performance.now() - t0; total += dt; cpu += dc; nodes += r.stats.counters.nodes ?? 0;
  verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
  for (const s of r.solutions) if (!verify(p, s).ok) console.log('BAD', i);
  if (process.env.V || dc > Number(process.env.SLOW ?? 1e9)) console.log(i, r.verdict, dt.toFixed(0), 'ms cpu', dc.toFixed(0), r.stats.difficulty, JSON.stringify(r.stats.counters));
}
console.log(f.split('/').pop(), from, to, 'wall', total.toFixed(0), 'ms cpu', cpu.toFixed(0), 'ms nodes', nodes, JSON.stringify(verdicts));
