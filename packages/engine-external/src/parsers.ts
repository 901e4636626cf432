// Reading a solver program's answer: its verdict word, its solution grids, its own time line and
// counters. One small parser per output style; each refuses output it does not recognise
// (`OutputError`), so garbage is an error, never a verdict.

/** What the program said. `found`: a solution, without a search for a second one. */
export type ExternalStatus = 'unique' | 'multiple' | 'none' | 'found' | 'timeout';

export interface ParsedAnswer {
  readonly status: ExternalStatus;
  /** Solution grids, `cells[row * width + col]` 1 filled, 0 empty (colour: the palette index). */
  readonly grids: readonly Uint8Array[];
  /** The solve time the program printed (ms). */
  readonly solverMs?: number;
  readonly counters?: Readonly<Record<string, number>>;
}

export interface ProgramOutput {
  readonly stdout: string;
  /** What the program wrote to `{output}`, when the definition names that file. */
  readonly outputFile?: string;
  readonly width: number;
  readonly height: number;
  /** A colour puzzle's palette characters, by index: grids are read in them. */
  readonly palette?: readonly string[];
}

export class OutputError extends Error {
  override readonly name = 'OutputError';
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}...` : line;
}

function unrecognised(what: string, out: ProgramOutput): never {
  const first = firstLine(out.stdout);
  throw new OutputError(`unrecognised output (${what})${first ? `; it began: ${JSON.stringify(first)}` : '; stdout was empty'}`);
}

/** What a cell character means: a palette index (`filled` as a string: its characters are 1, any other 0). */
type CellReader = string | ReadonlyMap<string, number>;

/** A grid from `height` lines of `width` cells. */
function gridOf(lines: readonly string[], width: number, height: number, filled: CellReader): Uint8Array {
  const cells = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const line = [...lines[r]!];
    for (let c = 0; c < width; c++) cells[r * width + c] = typeof filled === 'string' ? (filled.includes(line[c]!) ? 1 : 0) : (filled.get(line[c]!) ?? 0);
  }
  return cells;
}

/** Every block of `height` consecutive lines of exactly `width` cell characters, as grids. */
function gridBlocks(text: string, width: number, height: number, cellChars: RegExp, filled: CellReader): Uint8Array[] {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const isRow = (l: string) => [...l].length === width && cellChars.test(l);
  const grids: Uint8Array[] = [];
  for (let i = 0; i + height <= lines.length; ) {
    if (lines.slice(i, i + height).every(isRow)) {
      grids.push(gridOf(lines.slice(i, i + height), width, height, filled));
      i += height;
    } else i++;
  }
  return grids;
}

/**
 * nonosolve (hyouv/FastNonogramSolver): a status line `FILE WxH STATUS time=S nodes=N probes=N sat=0|1`,
 * then the first solution's grid (`#` and `.`); every solution found is in its `--json` file.
 */
export function parseNonosolve(out: ProgramOutput): ParsedAnswer {
  const m = /^\S+ (\d+)x(\d+) (UNIQUE|MULTIPLE|NONE|FOUND|TIMEOUT|ERROR) time=([\d.]+) nodes=(\d+) probes=(\d+) sat=(\d)/m.exec(out.stdout);
  if (!m) unrecognised('no nonosolve status line', out);
  const status = m[3]!;
  if (status === 'ERROR') throw new OutputError('nonosolve reported ERROR');
  if (Number(m[1]) !== out.width || Number(m[2]) !== out.height) throw new OutputError(`nonosolve read a ${m[1]}x${m[2]} puzzle, not ${out.width}x${out.height}`);
  let grids: Uint8Array[];
  if (out.outputFile !== undefined && out.outputFile.trim() !== '') {
    let json: { solutions?: unknown };
    try {
      json = JSON.parse(out.outputFile) as { solutions?: unknown };
    } catch (err) {
      throw new OutputError(`nonosolve's --json file is not JSON: ${(err as Error).message}`);
    }
    const cells = out.width * out.height;
    if (!Array.isArray(json.solutions) || !json.solutions.every((s) => typeof s === 'string' && s.length === cells && /^[01]*$/.test(s))) {
      throw new OutputError(`nonosolve's --json file has no list of ${cells}-cell solutions`);
    }
    grids = (json.solutions as string[]).map((s) => Uint8Array.from(s, (ch) => (ch === '1' ? 1 : 0)));
  } else grids = gridBlocks(out.stdout, out.width, out.height, /^[#.]+$/, '#');
  const statuses: Record<string, ExternalStatus> = { UNIQUE: 'unique', MULTIPLE: 'multiple', NONE: 'none', FOUND: 'found', TIMEOUT: 'timeout' };
  return {
    status: statuses[status]!,
    grids,
    solverMs: Number(m[4]) * 1000,
    counters: { nodes: Number(m[5]), probes: Number(m[6]), sat: Number(m[7]) },
  };
}

/**
 * pbnsolve (Jan Wolter) with `-u`: `UNIQUE SOLUTION:` (or `UNIQUE LINE SOLUTION:`), `FOUND MULTIPLE
 * SOLUTIONS:` with the second grid after `ALTERNATE SOLUTION`, or `NO SOLUTION.`; grids of `X` and
 * `.`; with `-t` a `Processing Time: S sec` line; its statistics lines give the counters.
 */
export function parsePbnsolve(out: ProgramOutput): ParsedAnswer {
  const lines = out.stdout.split('\n');
  const at = lines.findIndex((l) => /^(UNIQUE (LINE )?SOLUTION:|FOUND MULTIPLE SOLUTIONS:|NO SOLUTION\.)/.test(l));
  if (at < 0) unrecognised('no pbnsolve verdict line', out);
  const head = lines[at]!;
  const status: ExternalStatus = head.startsWith('UNIQUE') ? 'unique' : head.startsWith('FOUND') ? 'multiple' : 'none';
  // Colour grids are in the palette's characters (the .g writer's outchars).
  const palette = out.palette;
  const escaped = palette?.map((ch) => ch.replace(/[\\\]^-]/g, '\\$&')).join('');
  const grids =
    palette === undefined
      ? gridBlocks(lines.slice(at + 1).join('\n'), out.width, out.height, /^[X.]+$/, 'X')
      : gridBlocks(lines.slice(at + 1).join('\n'), out.width, out.height, new RegExp(`^[${escaped}]+$`, 'u'), new Map(palette.map((ch, i) => [ch, i])));
  const time = /^Processing Time: ([\d.]+) sec/m.exec(out.stdout);
  const counters: Record<string, number> = {};
  const lp = /^Lines Processed: (\d+)/m.exec(out.stdout);
  if (lp) counters.linesSolved = Number(lp[1]);
  const bt = /^Backtracking: (\d+) probes, (\d+) guesses, (\d+) backtracks/m.exec(out.stdout);
  if (bt) Object.assign(counters, { probes: Number(bt[1]), guesses: Number(bt[2]), backtracks: Number(bt[3]) });
  return { status, grids, ...(time ? { solverMs: Number(time[1]) * 1000 } : {}), counters };
}

/** gridrace's own `solve --json` (schema 1): the first result's verdict, rows of `#` and `.` (colour: the palette's characters), its stats. */
export function parseGridraceJson(out: ProgramOutput): ParsedAnswer {
  let json: { results?: { verdict?: unknown; reason?: unknown; solutions?: unknown; stats?: { timeMs?: unknown; counters?: unknown } }[] };
  try {
    json = JSON.parse(out.stdout) as typeof json;
  } catch {
    unrecognised('not JSON', out);
  }
  const r = json.results?.[0];
  if (r === undefined) unrecognised('no results', out);
  const statuses: Record<string, ExternalStatus> = { unique: 'unique', multiple: 'multiple', none: 'none' };
  let status = statuses[String(r.verdict)];
  if (r.verdict === 'incomplete') status = r.reason === 'time-limit' || r.reason === 'aborted' ? 'timeout' : 'found';
  if (status === undefined) unrecognised(`verdict ${JSON.stringify(r.verdict)}`, out);
  if (!Array.isArray(r.solutions)) unrecognised('no solutions list', out);
  const grids = r.solutions.map((rows: unknown) => {
    if (!Array.isArray(rows) || rows.length !== out.height || !rows.every((row) => typeof row === 'string' && [...row].length === out.width)) {
      throw new OutputError(`a solution is not ${out.height} rows of ${out.width} cells`);
    }
    return gridOf(rows as string[], out.width, out.height, out.palette ? new Map(out.palette.map((ch, i) => [ch, i])) : '#');
  });
  const counters = typeof r.stats?.counters === 'object' && r.stats.counters !== null ? (r.stats.counters as Record<string, number>) : {};
  return { status, grids, ...(typeof r.stats?.timeMs === 'number' ? { solverMs: r.stats.timeMs } : {}), counters };
}

/**
 * Any program that prints a verdict word (unique, multiple, none or "no solution", found,
 * timeout) and its solutions as grids, one line per row: `#`, `X` or `1` filled; `.`, `0`, `-`
 * or `_` empty.
 */
export function parseGrids(out: ProgramOutput): ParsedAnswer {
  const word = /\b(unique|multiple|no solution|none|found|timeout)\b/i.exec(out.stdout)?.[1]?.toLowerCase();
  if (word === undefined) unrecognised('no verdict word', out);
  const status: ExternalStatus = word === 'no solution' ? 'none' : (word as ExternalStatus);
  return { status, grids: gridBlocks(out.stdout, out.width, out.height, /^[#X1.0_-]+$/, '#X1') };
}

export const OUTPUT_PARSERS = {
  nonosolve: parseNonosolve,
  pbnsolve: parsePbnsolve,
  'gridrace-json': parseGridraceJson,
  grids: parseGrids,
} as const satisfies Record<string, (out: ProgramOutput) => ParsedAnswer>;

export type OutputParserName = keyof typeof OUTPUT_PARSERS;
