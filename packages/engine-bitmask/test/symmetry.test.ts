// Symmetric clues (testkit's shared suite): the search among symmetric solutions, in turns
// with the full search, must leave every answer exactly the brute-force oracle's, and
// settles webpbn's Knotty.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeSymmetricClues } from '@gridrace/testkit';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

const SHARED = fileURLToPath(new URL('../../../../shared/puzzles/', import.meta.url));

describeSymmetricClues({ engine: bitmaskEngine, create: createBitmaskEngine, readShared: (path) => readFileSync(SHARED + path, 'utf8') });
