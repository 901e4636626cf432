// Definitions of the native solvers gridrace is measured against. Each becomes an engine only
// where its program is found (peer folders, then the PATH); nothing needs them to build or test.
import type { ExternalEngineDefinition } from './definition.js';

/** nonosolve (hyouv/FastNonogramSolver): `-n` solutions, its own time limit, every solution in a JSON file. */
export const NONOSOLVE: ExternalEngineDefinition = {
  name: 'nonosolve',
  description: 'nonosolve (FastNonogramSolver): bit-parallel line solving, probing, DFS with restarts, then SAT',
  program: 'nonosolve',
  args: ['-q', '-n', '{maxSolutions}', '--json', '{output}', '{input}'],
  timeLimitArgs: ['--timeout', '{timeLimitS}'],
  input: 'nin',
  output: 'nonosolve',
  capabilities: { verdict: true, givens: false, maxSide: 510 },
};

/** pbnsolve 1.10 (Jan Wolter): `-u` proves uniqueness (two solutions at most); no time limit of its own. */
export const PBNSOLVE: ExternalEngineDefinition = {
  name: 'pbnsolve',
  description: "pbnsolve 1.10 (Jan Wolter): line solver with cache, probing, guessing",
  program: 'pbnsolve',
  args: ['-u', '-t', '-fnin', '{input}'],
  input: 'nin',
  output: 'pbnsolve',
  capabilities: { verdict: true, givens: false },
};

/** pbnsolve on colour nonograms, given as Olšák's .g (this build of it reads no XML). */
export const PBNSOLVE_COLOUR: ExternalEngineDefinition = {
  name: 'pbnsolve',
  kind: 'colour-nonogram',
  description: 'pbnsolve 1.10 (Jan Wolter) on colour puzzles in .g: line solver with cache, probing, guessing',
  program: 'pbnsolve',
  args: ['-u', '-t', '-fg', '{input}'],
  input: 'olsak',
  output: 'pbnsolve',
  capabilities: { verdict: true, givens: false },
};

/** The peers, by name (and kind). */
export const PEER_DEFINITIONS: readonly ExternalEngineDefinition[] = [NONOSOLVE, PBNSOLVE, PBNSOLVE_COLOUR];
