// An external engine, declared as data: which program, which arguments, which input format it
// reads, which parser reads its answer, and what it can tell. Engines files (JSON) hold one
// definition or a list of them; `checkDefinitions` refuses a bad one with the path of the problem.
import { OUTPUT_PARSERS, type OutputParserName } from './parsers.js';

/** Puzzle formats an external program can be given (core's writers). */
export const INPUT_FORMATS = ['non', 'nin', 'json', 'xml', 'olsak'] as const;

/** The kinds of puzzle an external engine can solve. */
export const EXTERNAL_KINDS = ['nonogram', 'colour-nonogram'] as const;
export type ExternalKind = (typeof EXTERNAL_KINDS)[number];
export type InputFormat = (typeof INPUT_FORMATS)[number];

export interface ExternalCapabilities {
  /**
   * The program looks for a second solution, so its `unique` and `multiple` are verdicts.
   * Without it (a first-solution solver), an answer with one solution is `incomplete`
   * (`solution-limit`). Default true.
   */
  readonly verdict?: boolean;
  /** The program reads given cells from its input format. Default false: puzzles with givens are declined. */
  readonly givens?: boolean;
  /** The largest width or height it accepts; larger puzzles are declined. */
  readonly maxSide?: number;
}

export interface ExternalEngineDefinition {
  /** Registry name, e.g. `pbnsolve`. */
  readonly name: string;
  /** The kind of puzzle it solves (default `nonogram`); a colour engine's input format must hold colour (`olsak`, `xml`, `json`). */
  readonly kind?: ExternalKind;
  readonly description?: string;
  /**
   * The program: a bare name, looked up in the peer folders (GRIDRACE_PEERS, `--peers`) and
   * on the PATH, or a path (relative paths are relative to the engines file).
   */
  readonly program: string;
  /**
   * Its arguments. Placeholders: `{input}` (the puzzle file), `{output}` (a file the program may
   * write its answer to), `{maxSolutions}`, `{timeLimitS}` (the time limit in seconds).
   */
  readonly args: readonly string[];
  /** Arguments added only when a time limit is given, e.g. `["--timeout", "{timeLimitS}"]`. */
  readonly timeLimitArgs?: readonly string[];
  readonly input: InputFormat;
  /** How to read its answer (see `OUTPUT_PARSERS`). */
  readonly output: OutputParserName;
  readonly capabilities?: ExternalCapabilities;
  /** Exit codes that still come with an answer to read (default `[0]`); any other code is a failure. */
  readonly answerExitCodes?: readonly number[];
}

/** A bad engines file or definition: the message names the file and the field. */
export class DefinitionError extends Error {
  override readonly name = 'DefinitionError';
}

const PLACEHOLDERS = new Set(['input', 'output', 'maxSolutions', 'timeLimitS']);
const KEYS = new Set(['name', 'kind', 'description', 'program', 'args', 'timeLimitArgs', 'input', 'output', 'capabilities', 'answerExitCodes']);
const CAPABILITY_KEYS = new Set(['verdict', 'givens', 'maxSide']);

function checkArgs(value: unknown, where: string): readonly string[] {
  if (!Array.isArray(value) || !value.every((a) => typeof a === 'string')) throw new DefinitionError(`${where} must be a list of strings`);
  for (const arg of value as string[]) {
    for (const [, name] of arg.matchAll(/\{([^}]*)\}/g)) {
      if (!PLACEHOLDERS.has(name!)) throw new DefinitionError(`${where}: unknown placeholder {${name}}; known: ${[...PLACEHOLDERS].map((p) => `{${p}}`).join(', ')}`);
    }
  }
  return value as string[];
}

/** One definition, checked; `where` names it in messages (e.g. `engines.json: [1]`). */
export function checkDefinition(value: unknown, where: string): ExternalEngineDefinition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new DefinitionError(`${where}: an engine definition must be an object`);
  const d = value as Record<string, unknown>;
  for (const key of Object.keys(d)) if (!KEYS.has(key)) throw new DefinitionError(`${where}: unknown field "${key}"; known: ${[...KEYS].join(', ')}`);
  if (typeof d.name !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/i.test(d.name)) throw new DefinitionError(`${where}.name must be a name of letters, digits, ".", "_" or "-"`);
  if (d.description !== undefined && typeof d.description !== 'string') throw new DefinitionError(`${where}.description must be a string`);
  if (typeof d.program !== 'string' || d.program === '') throw new DefinitionError(`${where}.program must be a program name or path`);
  const args = checkArgs(d.args, `${where}.args`);
  const timeLimitArgs = d.timeLimitArgs === undefined ? undefined : checkArgs(d.timeLimitArgs, `${where}.timeLimitArgs`);
  if (!(INPUT_FORMATS as readonly unknown[]).includes(d.input)) throw new DefinitionError(`${where}.input must be one of ${INPUT_FORMATS.join(', ')}`);
  if (d.kind !== undefined && !(EXTERNAL_KINDS as readonly unknown[]).includes(d.kind)) throw new DefinitionError(`${where}.kind must be one of ${EXTERNAL_KINDS.join(', ')}`);
  if (d.kind === 'colour-nonogram' && (d.input === 'non' || d.input === 'nin')) throw new DefinitionError(`${where}.input ${String(d.input)} cannot hold colour; use olsak, xml or json`);
  if (!Object.hasOwn(OUTPUT_PARSERS, String(d.output))) throw new DefinitionError(`${where}.output must be one of ${Object.keys(OUTPUT_PARSERS).join(', ')}`);
  let capabilities: ExternalCapabilities | undefined;
  if (d.capabilities !== undefined) {
    const c = d.capabilities as Record<string, unknown>;
    if (typeof c !== 'object' || c === null || Array.isArray(c)) throw new DefinitionError(`${where}.capabilities must be an object`);
    for (const key of Object.keys(c)) if (!CAPABILITY_KEYS.has(key)) throw new DefinitionError(`${where}.capabilities: unknown field "${key}"; known: ${[...CAPABILITY_KEYS].join(', ')}`);
    for (const key of ['verdict', 'givens'] as const) {
      if (c[key] !== undefined && typeof c[key] !== 'boolean') throw new DefinitionError(`${where}.capabilities.${key} must be true or false`);
    }
    if (c.maxSide !== undefined && (typeof c.maxSide !== 'number' || !Number.isInteger(c.maxSide) || c.maxSide < 1)) {
      throw new DefinitionError(`${where}.capabilities.maxSide must be a positive integer`);
    }
    capabilities = c as ExternalCapabilities;
  }
  const codes = d.answerExitCodes;
  if (codes !== undefined && (!Array.isArray(codes) || !codes.every((c) => Number.isInteger(c) && c >= 0 && c < 256))) {
    throw new DefinitionError(`${where}.answerExitCodes must be a list of exit codes (0-255)`);
  }
  return {
    name: d.name,
    ...(d.kind !== undefined ? { kind: d.kind as ExternalKind } : {}),
    ...(d.description !== undefined ? { description: d.description as string } : {}),
    program: d.program,
    args,
    ...(timeLimitArgs ? { timeLimitArgs } : {}),
    input: d.input as InputFormat,
    output: d.output as OutputParserName,
    ...(capabilities ? { capabilities } : {}),
    ...(codes !== undefined ? { answerExitCodes: codes as number[] } : {}),
  };
}

/** The definitions of an engines file's text: one object or a list; `file` names it in messages. */
export function checkDefinitions(text: string, file: string): ExternalEngineDefinition[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DefinitionError(`${file}: not JSON: ${(err as Error).message}`);
  }
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0) throw new DefinitionError(`${file}: no engine definitions`);
  const out = list.map((d, i) => checkDefinition(d, Array.isArray(value) ? `${file}: [${i}]` : file));
  const names = new Set<string>();
  for (const d of out) {
    const key = `${d.name}/${d.kind ?? 'nonogram'}`;
    if (names.has(key)) throw new DefinitionError(`${file}: engine "${d.name}" is defined twice${d.kind ? ` for ${d.kind}` : ''}`);
    names.add(key);
  }
  return out;
}

/** `args` with the placeholders filled in. */
export function fillArgs(args: readonly string[], values: Readonly<Record<string, string>>): string[] {
  return args.map((a) => a.replace(/\{([^}]*)\}/g, (_, name: string) => values[name] ?? ''));
}
