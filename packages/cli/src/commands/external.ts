// External engines for the CLI: the peers (nonosolve, pbnsolve) where their programs are found,
// and the engines of `--engines-file` files. A program that is not found is skipped with one
// line, never an error: a race still runs with the engines that are there.
import { readFileSync } from 'node:fs';
import { listEngines } from '@gridrace/core';
import { DefinitionError, PEER_DEFINITIONS, peerDirs, readDefinitionsFile, registerExternalEngines, type ExternalEngineDefinition } from '@gridrace/engine-external';
import { CliError, ExitCode } from '../exit-codes.js';

export interface ExternalFlags {
  /** Engines files (JSON definitions). */
  enginesFile?: string[];
  /** Folders to find peer programs in (besides GRIDRACE_PEERS and the PATH). */
  peers?: string[];
}

/** Register the peers that are found and every engine of the engines files; returns one line per engine skipped. */
export function registerExternal(flags: ExternalFlags): { skipped: Map<string, string> } {
  const dirs = [...(flags.peers ?? []), ...peerDirs()];
  const skipped = new Map<string, string>();
  const taken = new Set(listEngines().map((e) => e.name));
  const register = (definitions: readonly ExternalEngineDefinition[], baseDir?: string) => {
    const fresh = definitions.filter((d) => !taken.has(d.name));
    const { engines, missing } = registerExternalEngines(fresh, { peerDirs: dirs, ...(baseDir ? { baseDir } : {}) });
    for (const e of engines) taken.add(e.name);
    for (const m of missing) skipped.set(m.name, m.message);
  };
  for (const file of flags.enginesFile ?? []) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new CliError(`${file}: cannot read engines file: ${(err as { code?: string }).code === 'ENOENT' ? 'no such file' : (err as Error).message}`, ExitCode.BAD_INPUT);
    }
    try {
      const { definitions, baseDir } = readDefinitionsFile(text, file);
      const clash = definitions.find((d) => taken.has(d.name));
      if (clash) throw new CliError(`${file}: engine "${clash.name}" is already registered`, ExitCode.BAD_INPUT);
      register(definitions, baseDir);
    } catch (err) {
      if (err instanceof DefinitionError) throw new CliError(err.message, ExitCode.BAD_INPUT);
      throw err;
    }
  }
  // The peers last: a file may define its own "nonosolve" with other flags.
  register(PEER_DEFINITIONS);
  return { skipped };
}

/**
 * The requested engine names without the skipped ones (each said in one line through `say`);
 * undefined stays undefined (every engine). Refuses when nothing is left.
 */
export function withoutSkipped(requested: string[] | undefined, skipped: Map<string, string>, say: (line: string) => void): string[] | undefined {
  if (requested === undefined || requested.length === 0) return requested;
  const left = requested.filter((name) => {
    const why = skipped.get(name);
    if (why !== undefined) say(why);
    return why === undefined;
  });
  if (left.length === 0) throw new CliError('none of the requested engines can run here', ExitCode.USAGE);
  return left;
}
