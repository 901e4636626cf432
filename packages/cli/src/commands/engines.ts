import { listEngines } from '@gridrace/core';
import { defaultEngineName, missingEngines } from '@gridrace/engines';
import { ExitCode } from '../exit-codes.js';
import { registerExternal } from './external.js';
import type { Ui } from './shared.js';

/** The registered engines, and the peers (nonosolve, pbnsolve) whose programs are found (GRIDRACE_PEERS, PATH). */
export function enginesCommand(flags: { json?: boolean }, ui: Ui): ExitCode {
  registerExternal({});
  const engines = listEngines().map((e) => ({
    name: e.name,
    kind: e.kind,
    default: defaultEngineName(e.kind) === e.name,
    description: e.description,
    ...(e.program !== undefined ? { program: e.program } : {}),
  }));
  if (flags.json) {
    ui.out(JSON.stringify(engines, null, 2));
    return ExitCode.OK;
  }
  const nameWidth = Math.max(...engines.map((e) => e.name.length), 4);
  const kindWidth = Math.max(...engines.map((e) => e.kind.length), 4);
  for (const e of engines) ui.out(`${e.name.padEnd(nameWidth)}  ${e.kind.padEnd(kindWidth)}  ${e.default ? '(default) ' : ''}${e.description}`);
  for (const m of missingEngines) ui.info(`${m.name}: not installed (package ${m.package})`);
  return ExitCode.OK;
}
