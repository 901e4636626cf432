// Experiments and tests only: replaces engines by variants that do about 15% more work.
// Each solve runs the real engine, then keeps the CPU busy for 15% of the time that solve
// took, so the extra work grows and shrinks with the machine like the real work does.
// Which engines: GRIDRACE_SLOWER (comma-separated, default "bitmask"); how much: GRIDRACE_SLOWER_BY
// (fraction, default 0.15). Load it after the engines, e.g. `gridrace race --load <this file>`.
import { listEngines, registerEngine, unregisterEngine } from '@gridrace/core';

const names = (process.env.GRIDRACE_SLOWER ?? 'bitmask').split(',').filter(Boolean);
const extra = Number(process.env.GRIDRACE_SLOWER_BY ?? '0.15');
let sink = 0;

for (const inner of listEngines().filter((e) => names.includes(e.name))) {
  unregisterEngine(inner.name, inner.kind);
  registerEngine({
    ...inner,
    description: `${inner.description} (+${Math.round(extra * 100)}% work, experiment)`,
    init: inner.init?.bind(inner),
    dispose: inner.dispose?.bind(inner),
    async solve(puzzle, options) {
      const start = performance.now();
      const result = await inner.solve(puzzle, options);
      const until = performance.now() + extra * (performance.now() - start);
      let x = sink | 1;
      while (performance.now() < until) for (let i = 0; i < 64; i++) x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
      sink = x;
      return result;
    },
  });
}
