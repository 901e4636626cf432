// Symmetric clues (testkit's shared suite): the search among symmetric solutions, in turns
// with the full search, must leave every answer exactly the brute-force oracle's, and
// settles webpbn's Knotty.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeSymmetricClues } from '@gridrace/testkit';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

const SHARED = fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url));

describeSymmetricClues({
  engine: bitmaskEngine,
  early: createBitmaskEngine({ name: 'bitmask-symmetric-first', symmetryAfter: 0 }),
  variants: [
    createBitmaskEngine({ name: 'bitmask-symmetric-first-probe', symmetryAfter: 0, strategy: 'probe' }),
    createBitmaskEngine({ name: 'bitmask-symmetric-first-learn', symmetryAfter: 0, strategy: 'learn' }),
    // Turns of 1, 2, 4, ... checkpoints: the two searches interleave closely.
    createBitmaskEngine({ name: 'bitmask-short-turns', symmetryAfter: 1 }),
  ],
  plain: createBitmaskEngine({ name: 'bitmask-no-symmetry', symmetry: false }),
  readShared: (path) => readFileSync(SHARED + path, 'utf8'),
});
