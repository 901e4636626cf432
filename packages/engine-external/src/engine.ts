// An Engine that solves by running a solver program: the puzzle is written in the program's
// format to a scratch folder, the program runs in its own process group (run.ts), and its
// answer is read by the definition's parser and held to core's contract. A program that
// crashes, prints garbage or claims what its solutions do not show is an error, never a verdict.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import {
  checkSolveInput,
  cluesFit,
  colourCluesFit,
  colourSolutionsWithoutCells,
  makeResult,
  solutionsWithoutCells,
  writePuzzle,
  type CheckedColourNonogramPuzzle,
  type CheckedNonogramPuzzle,
  type ColourNonogramPuzzle,
  type Engine,
  type NonogramPuzzle,
  type NonogramSolution,
  type ProcessStats,
  type SolveOptions,
  type SolveResult,
  type StopReason,
} from '@gridrace/core';
import { fillArgs, type ExternalCapabilities, type ExternalEngineDefinition, type ExternalKind } from './definition.js';
import { findProgram } from './discover.js';
import { OUTPUT_PARSERS, OutputError, type ParsedAnswer } from './parsers.js';
import { cannotRun, runFailure } from './failure.js';
import { MAX_PROGRAM_OUTPUT_BYTES, runProgram } from './run.js';

export interface ExternalEngineOptions {
  /** Folders to look for a bare program name in, before the PATH (default: GRIDRACE_PEERS). */
  readonly peerDirs?: readonly string[];
  /** The folder relative program paths are relative to (the engines file's folder). */
  readonly baseDir?: string;
  /** Called with each program's process group id as it starts (a race kills leftovers). */
  readonly onSpawn?: (pgid: number) => void;
  /** Called with a process group id once that program has ended and everything it started was killed. */
  readonly onExit?: (pgid: number) => void;
  /** The most a program may print on stdout in one run (bytes) before it is stopped; default MAX_PROGRAM_OUTPUT_BYTES (64 MiB). */
  readonly maxOutputBytes?: number;
}

export interface ExternalEngine<K extends ExternalKind = ExternalKind> extends Engine<K> {
  readonly program: string;
  readonly capabilities: Required<Omit<ExternalCapabilities, 'maxSide'>> & Pick<ExternalCapabilities, 'maxSide'>;
  readonly definition: ExternalEngineDefinition;
}

/** Extra time a program with its own time limit gets to print its answer before it is killed (ms). */
const OWN_LIMIT_GRACE_MS = 250;
/** Time limit of init()'s run on a 1x1 puzzle (ms): generous, it only has to catch a program that hangs. */
const STARTUP_LIMIT_MS = 30_000;
const EXTENSIONS = { non: 'non', nin: 'nin', json: 'json', xml: 'xml', olsak: 'g' } as const;

type Checked = CheckedNonogramPuzzle | CheckedColourNonogramPuzzle;

/** What differs between the kinds an external engine can solve. */
interface KindOps {
  check(input: unknown, options: unknown): { puzzle: Checked; options: ReturnType<typeof checkSolveInput>['options'] };
  /** The answer without the program: grids without cells, contradictory givens, clues longer than their line; else null. */
  settled(puzzle: Checked): NonogramSolution[] | null;
  /** The puzzle as its input format writes it. */
  asPuzzle(puzzle: Checked): NonogramPuzzle | ColourNonogramPuzzle;
  /** The palette's characters, by index, for reading colour grids. */
  palette(puzzle: Checked): readonly string[] | undefined;
  readonly tiny: Checked;
}

const BLACK_AND_WHITE: KindOps = {
  check: (input, options) => checkSolveInput('nonogram', input, options),
  settled(p) {
    const puzzle = p as CheckedNonogramPuzzle;
    const empty = solutionsWithoutCells(puzzle);
    if (empty !== null) return empty;
    return distinctGivens(puzzle) === null || !cluesFit(puzzle) ? [] : null;
  },
  asPuzzle(p) {
    const puzzle = p as CheckedNonogramPuzzle;
    const givens = distinctGivens(puzzle) ?? [];
    return { kind: 'nonogram', width: puzzle.width, height: puzzle.height, rows: puzzle.rows, columns: puzzle.columns, givens: [...givens], meta: { title: puzzle.meta.title ?? 'puzzle' } };
  },
  palette: () => undefined,
  tiny: { kind: 'nonogram', width: 1, height: 1, rows: [[1]], columns: [[1]], givens: [], meta: { title: 'start-up' } },
};

const COLOUR: KindOps = {
  check: (input, options) => checkSolveInput('colour-nonogram', input, options),
  settled(p) {
    const puzzle = p as CheckedColourNonogramPuzzle;
    const empty = colourSolutionsWithoutCells(puzzle);
    if (empty !== null) return empty;
    const seen = new Map<number, number>();
    for (const g of puzzle.givens) {
      const cell = g.row * puzzle.width + g.col;
      if (seen.has(cell) && seen.get(cell) !== g.colour) return [];
      seen.set(cell, g.colour);
    }
    return colourCluesFit(puzzle) ? null : [];
  },
  asPuzzle(p) {
    const puzzle = p as CheckedColourNonogramPuzzle;
    return { kind: 'colour-nonogram', width: puzzle.width, height: puzzle.height, palette: puzzle.palette, rows: puzzle.rows, columns: puzzle.columns, givens: [...puzzle.givens], meta: { title: puzzle.meta.title ?? 'puzzle' } };
  },
  palette: (p) => (p as CheckedColourNonogramPuzzle).palette.map((c) => c.char),
  tiny: {
    kind: 'colour-nonogram',
    width: 1,
    height: 1,
    palette: [
      { name: 'white', rgb: 'ffffff', char: '.' },
      { name: 'red', rgb: 'ff0000', char: 'r' },
    ],
    rows: [[{ length: 1, colour: 1 }]],
    columns: [[{ length: 1, colour: 1 }]],
    givens: [],
    meta: { title: 'start-up' },
  },
};

/**
 * The givens without repeats, or null when a cell is given both filled and empty. Such a puzzle,
 * like one whose clue is longer than its line, has no solution and no input format can hold it,
 * so the engine answers it without the program.
 */
function distinctGivens(puzzle: CheckedNonogramPuzzle): CheckedNonogramPuzzle['givens'] | null {
  const seen = new Map<number, boolean>();
  for (const g of puzzle.givens) {
    const cell = g.row * puzzle.width + g.col;
    if (seen.get(cell) === !g.filled) return null;
    seen.set(cell, g.filled);
  }
  return seen.size === puzzle.givens.length ? puzzle.givens : [...seen].map(([cell, filled]) => ({ row: Math.floor(cell / puzzle.width), col: cell % puzzle.width, filled }));
}

/** Where the definition's program is, or undefined when it cannot be found. */
export function locateProgram(definition: ExternalEngineDefinition, options: ExternalEngineOptions = {}): string | undefined {
  const p = definition.program;
  if (p.includes('/')) return findProgram(isAbsolute(p) ? p : resolve(options.baseDir ?? process.cwd(), p), []);
  return findProgram(p, options.peerDirs);
}

/**
 * An engine for `definition`, whose program is at `program` (see `locateProgram`). The engine
 * checks its input like every engine, declines what the program cannot read (given cells, sides
 * past `maxSide`) with `incomplete`/`limit`, and answers puzzles without cells itself.
 */
export function createExternalEngine(definition: ExternalEngineDefinition, program: string, options: ExternalEngineOptions = {}): ExternalEngine {
  const ops = definition.kind === 'colour-nonogram' ? COLOUR : BLACK_AND_WHITE;
  const capabilities = { verdict: definition.capabilities?.verdict ?? true, givens: definition.capabilities?.givens ?? false, ...(definition.capabilities?.maxSide ? { maxSide: definition.capabilities.maxSide } : {}) };
  const parse = OUTPUT_PARSERS[definition.output];
  const maxOutputBytes = options.maxOutputBytes ?? MAX_PROGRAM_OUTPUT_BYTES;
  const failureContext = (timeLimitMs: number | undefined) => ({ answerExitCodes: definition.answerExitCodes ?? [0], maxOutputBytes, timeLimitMs });
  let startup: Promise<{ readonly cpuMs?: number; readonly wallMs: number }> | undefined;

  async function run(puzzle: Checked, maxSolutions: number, timeLimitMs: number | undefined, signal: AbortSignal | undefined) {
    const dir = await mkdtemp(join(tmpdir(), 'gridrace-external-'));
    try {
      const input = join(dir, `puzzle.${EXTENSIONS[definition.input]}`);
      const output = join(dir, 'answer.out');
      await writeFile(input, writePuzzle(ops.asPuzzle(puzzle), definition.input));
      const values = { input, output, maxSolutions: String(maxSolutions), timeLimitS: timeLimitMs === undefined ? '' : (Math.max(timeLimitMs, 1) / 1000).toFixed(3) };
      const args = [...fillArgs(definition.args, values), ...(timeLimitMs !== undefined && definition.timeLimitArgs ? fillArgs(definition.timeLimitArgs, values) : [])];
      const killAfter = timeLimitMs === undefined ? undefined : timeLimitMs + (definition.timeLimitArgs ? OWN_LIMIT_GRACE_MS : 0);
      const result = await runProgram({
        command: [program, ...args],
        cwd: dir,
        timeLimitMs: killAfter,
        signal,
        maxOutputBytes,
        ...(options.onSpawn ? { onSpawn: options.onSpawn } : {}),
        ...(options.onExit ? { onExit: options.onExit } : {}),
      }).catch((err: Error) => {
        // runProgram rejects only when the program could not be started.
        throw new Error(cannotRun(definition.name, program, err.message), { cause: err });
      });
      const usesOutput = definition.args.some((a) => a.includes('{output}'));
      const outputFile = usesOutput ? await readFile(output, 'utf8').catch(() => undefined) : undefined;
      return { result, outputFile };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  function toResult(puzzle: Checked, answer: ParsedAnswer, maxSolutions: number, stats: { timeMs: number; process: ProcessStats }): SolveResult<NonogramSolution> {
    const solutions = answer.grids.map((cells) => ({ width: puzzle.width, height: puzzle.height, cells }));
    const s = { timeMs: stats.timeMs, counters: answer.counters ?? {}, process: stats.process };
    const claim = (n: number) => `${definition.name} said ${answer.status} but gave ${n} solution${n === 1 ? '' : 's'}`;
    switch (answer.status) {
      case 'none':
        if (solutions.length > 0) throw new OutputError(claim(solutions.length));
        return makeResult([], null, s);
      case 'unique':
        if (solutions.length !== 1) throw new OutputError(claim(solutions.length));
        return makeResult(solutions, capabilities.verdict ? null : 'solution-limit', s);
      case 'multiple':
        if (solutions.length < 2) throw new OutputError(claim(solutions.length));
        return makeResult(solutions.slice(0, maxSolutions), maxSolutions < 2 ? 'solution-limit' : null, s);
      case 'found':
        if (solutions.length < 1) throw new OutputError(claim(solutions.length));
        return makeResult(solutions.slice(0, maxSolutions), 'solution-limit', s);
      case 'timeout':
        return makeResult(solutions.slice(0, Math.min(1, maxSolutions)), 'time-limit', s);
    }
  }

  const engine = {
    name: definition.name,
    kind: definition.kind ?? 'nonogram',
    description: `${definition.description ?? definition.name} (external: ${program})`,
    program,
    capabilities,
    definition,
    /** Runs the program once on a 1x1 puzzle: proves it starts here and measures what starting costs. */
    init() {
      startup ??= (async () => {
        const { result } = await run(ops.tiny, 2, STARTUP_LIMIT_MS, undefined);
        const failure = runFailure(definition.name, result, failureContext(STARTUP_LIMIT_MS));
        if (failure !== undefined) throw new Error(failure);
        return { ...(result.cpuMs !== undefined ? { cpuMs: result.cpuMs } : {}), wallMs: result.wallMs };
      })();
      startup.catch(() => (startup = undefined));
      return startup.then(() => undefined);
    },
    async solve(input: unknown, solveOptions?: SolveOptions): Promise<SolveResult<NonogramSolution>> {
      const started = performance.now();
      const checked = ops.check(input, solveOptions);
      const { options } = checked;
      const stats = (process: ProcessStats) => ({ timeMs: performance.now() - started, counters: {}, process });
      const settled = ops.settled(checked.puzzle);
      if (settled !== null) return makeResult(settled, null, { timeMs: performance.now() - started, counters: {} });
      const puzzle = checked.puzzle;
      const decline = (message: string) => makeResult<NonogramSolution>([], 'limit', { timeMs: performance.now() - started, counters: {} }, message);
      if (puzzle.givens.length > 0 && !capabilities.givens) return decline(`${definition.name} cannot read given cells`);
      if (capabilities.maxSide !== undefined && Math.max(puzzle.width, puzzle.height) > capabilities.maxSide) {
        return decline(`${definition.name} takes sides up to ${capabilities.maxSide}, this puzzle is ${puzzle.width}x${puzzle.height}`);
      }
      const stop = (reason: StopReason) => makeResult<NonogramSolution>([], reason, { timeMs: performance.now() - started, counters: {} });
      if (options.signal?.aborted) return stop('aborted');
      const startupCost = startup ? await startup.catch(() => undefined) : undefined;
      const remaining = options.timeLimitMs === undefined ? undefined : options.timeLimitMs - (performance.now() - started);
      if (remaining !== undefined && remaining <= 0) return stop('time-limit');
      const { result, outputFile } = await run(puzzle, options.maxSolutions, remaining, options.signal);
      const process: ProcessStats = {
        ...(result.cpuMs !== undefined ? { cpuMs: result.cpuMs } : {}),
        wallMs: result.wallMs,
        ...(startupCost?.cpuMs !== undefined ? { startupCpuMs: startupCost.cpuMs } : {}),
        ...(startupCost !== undefined ? { startupWallMs: startupCost.wallMs } : {}),
        ...(result.maxRssMb !== undefined ? { maxRssMb: result.maxRssMb } : {}),
      };
      if (result.stopped === 'time-limit') return makeResult([], 'time-limit', stats(process));
      if (result.stopped === 'aborted') return makeResult([], 'aborted', stats(process));
      const failure = runFailure(definition.name, result, failureContext(remaining));
      if (result.stopped === 'output-limit') return makeResult([], 'limit', stats(process), failure);
      if (failure !== undefined) throw new Error(failure);
      let answer: ParsedAnswer;
      try {
        const palette = ops.palette(puzzle);
        answer = parse({ stdout: result.stdout, ...(outputFile !== undefined ? { outputFile } : {}), width: puzzle.width, height: puzzle.height, ...(palette ? { palette } : {}) });
      } catch (err) {
        throw new OutputError(`${definition.name}: ${(err as Error).message}`);
      }
      const withSolver = answer.solverMs !== undefined ? { ...process, solverMs: answer.solverMs } : process;
      return toResult(puzzle, answer, options.maxSolutions, { timeMs: performance.now() - started, process: withSolver });
    },
  };
  // The solve takes and gives either kind's puzzles and grids (both are { width, height, cells }).
  return engine as unknown as ExternalEngine;
}

/** The folder of an engines file, for relative program paths. */
export const definitionsDir = (file: string) => dirname(resolve(file));
