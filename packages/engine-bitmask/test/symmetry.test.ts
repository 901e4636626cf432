// Symmetric clues (testkit's shared suite): the search among symmetric solutions, in turns
// with the full search, must leave every answer exactly the brute-force oracle's, and
// settles webpbn's Knotty.
import { describeSymmetricClues } from '@gridrace/testkit';
import { bitmaskEngine, createBitmaskEngine } from '../src/index.js';

describeSymmetricClues({ engine: bitmaskEngine, create: createBitmaskEngine });
