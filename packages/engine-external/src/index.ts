// The public API of @gridrace/engine-external: engines that run a solver program.
import { registerEngine } from '@gridrace/core';
import { checkDefinitions, type ExternalEngineDefinition } from './definition.js';
import { PEERS_ENV } from './discover.js';
import { createExternalEngine, definitionsDir, locateProgram, type ExternalEngine, type ExternalEngineOptions } from './engine.js';

export { NONOSOLVE, PBNSOLVE, PEER_DEFINITIONS } from './adapters.js';
export { DefinitionError, INPUT_FORMATS, checkDefinition, checkDefinitions, fillArgs, type ExternalCapabilities, type ExternalEngineDefinition, type InputFormat } from './definition.js';
export { PEERS_ENV, findOnPath, findProgram, peerDirs } from './discover.js';
export { createExternalEngine, definitionsDir, locateProgram, type ExternalEngine, type ExternalEngineOptions } from './engine.js';
export { OUTPUT_PARSERS, OutputError, parseGridraceJson, parseGrids, parseNonosolve, parsePbnsolve, type ExternalStatus, type OutputParserName, type ParsedAnswer, type ProgramOutput } from './parsers.js';
export { MAX_PROGRAM_OUTPUT_BYTES, runProgram, type RunOptions, type RunResult } from './run.js';
export { RUN_MARKER_ENV, killRun } from './tree.js';

/** What registering a list of definitions did: the engines made, and one line per program not found. */
export interface ExternalRegistration {
  readonly engines: readonly ExternalEngine[];
  readonly missing: readonly { readonly name: string; readonly message: string }[];
}

/**
 * Make (and register with core's registry, unless `register` is false) an engine for each
 * definition whose program is found; the others are listed in `missing` with why.
 */
export function registerExternalEngines(
  definitions: readonly ExternalEngineDefinition[],
  options: ExternalEngineOptions & { readonly register?: boolean } = {},
): ExternalRegistration {
  const engines: ExternalEngine[] = [];
  const missing: { name: string; message: string }[] = [];
  for (const definition of definitions) {
    const program = locateProgram(definition, options);
    if (program === undefined) {
      const where = definition.program.includes('/') ? 'no executable file there' : `not in ${options.peerDirs?.length ? `${options.peerDirs.join(', ')} or ` : ''}the PATH; name its folder with --peers or ${PEERS_ENV}`;
      missing.push({ name: definition.name, message: `${definition.name}: skipped, program "${definition.program}" not found (${where})` });
      continue;
    }
    const engine = createExternalEngine(definition, program, options);
    if (options.register !== false) registerEngine(engine);
    engines.push(engine);
  }
  return { engines, missing };
}

/** The definitions in an engines file (JSON: one definition or a list), with program paths relative to the file. */
export function readDefinitionsFile(text: string, file: string): { definitions: ExternalEngineDefinition[]; baseDir: string } {
  return { definitions: checkDefinitions(text, file), baseDir: definitionsDir(file) };
}
