// Experiments only: registers the bitmask engine from its build before @gridrace/engines does.
import { registerEngine, listEngines } from '@gridrace/core';
const { bitmaskEngine } = await import('@gridrace/engine-bitmask');
if (!listEngines().some((e) => e.name === 'bitmask')) registerEngine(bitmaskEngine);
