// Experiments only: registers the bitmask engine from its build before @gridrace/engines does.
import { registerEngine, listEngines } from '@gridrace/core';
const { bitmaskEngine } = await import(new URL('../../packages/engine-bitmask/dist/index.js', import.meta.url).href);
if (!listEngines().some((e) => e.name === 'bitmask')) registerEngine(bitmaskEngine);
