// `race merge`: the results of shards (CI matrix jobs) made into one file, as if one machine
// had run them all: the same options are required, tasks must not overlap, and the
// cross-check runs again over all engines of every puzzle.
import { crossCheck } from './check.js';
import { parseShard } from './corpus.js';
import { summarizeRun } from './summary.js';
import type { PuzzleRecord, RaceResults, RaceRunOptions, TaskRecord } from './types.js';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

export interface MergeInput {
  /** Shown in messages. */
  readonly file: string;
  readonly results: RaceResults;
}

/** The options that must be equal for results to be merged (everything but the shard and the sources). */
function comparable(o: RaceRunOptions): string {
  return JSON.stringify({
    engines: [...o.engines].sort(),
    kind: o.kind ?? null,
    timeLimitMs: o.timeLimitMs,
    timing: o.timing,
    clock: o.clock,
    memoryMb: o.memoryMb,
    calibration: o.calibration,
    slices: o.slices ?? 1,
    load: [...o.load].sort(),
  });
}

export interface MergeOutcome {
  readonly results: RaceResults;
  /** Things worth saying that do not stop the merge (a missing shard). */
  readonly warnings: string[];
}

export function mergeResults(inputs: readonly MergeInput[]): MergeOutcome {
  if (inputs.length === 0) throw new MergeError('nothing to merge');
  const warnings: string[] = [];
  const first = inputs[0]!;
  const key = comparable(first.results.options);
  for (const input of inputs.slice(1)) {
    if (comparable(input.results.options) !== key) {
      throw new MergeError(`${input.file} was raced with other options than ${first.file} (engines, kind, time limit, timing, clock, memory, calibration, slices and loaded modules must match)`);
    }
  }

  // Shards of one split are put back in the order a single run would have used.
  const shards = inputs.map((i) => (i.results.options.shard ? parseShard(i.results.options.shard) : undefined));
  const counts = new Set(shards.map((s) => s?.count));
  const split = counts.size === 1 && shards.every((s) => s !== undefined) ? shards[0]!.count : undefined;
  if (split !== undefined) {
    const present = new Set(shards.map((s) => s!.index));
    const missing = Array.from({ length: split }, (_, i) => i + 1).filter((k) => !present.has(k));
    if (missing.length > 0) warnings.push(`shard(s) ${missing.map((k) => `${k}/${split}`).join(', ')} missing`);
    if (present.size !== inputs.length) throw new MergeError('the same shard is given twice');
  }

  const puzzles = new Map<string, { record: PuzzleRecord; order: number }>();
  const tasks = new Map<string, { record: TaskRecord; from: string }>();
  inputs.forEach((input, n) => {
    const shard = shards[n];
    input.results.puzzles.forEach((p, j) => {
      const known = puzzles.get(p.id);
      if (known && known.record.hash !== p.hash) throw new MergeError(`puzzle ${p.id} differs between the inputs (hash ${known.record.hash} vs ${p.hash})`);
      const order = split !== undefined && shard ? j * split + shard.index - 1 : n * 1e9 + j;
      if (!known) puzzles.set(p.id, { record: p, order });
    });
    for (const t of input.results.tasks) {
      const id = `${t.engine}\u0000${t.puzzle}`;
      const twin = tasks.get(id);
      if (twin) throw new MergeError(`${t.engine} on ${t.puzzle} is in both ${twin.from} and ${input.file}: the shards overlap`);
      tasks.set(id, { record: t, from: input.file });
    }
  });

  const orderedPuzzles = [...puzzles.values()].sort((a, b) => a.order - b.order).map((p) => p.record);
  const position = new Map(orderedPuzzles.map((p, i) => [p.id, i]));
  const engineOrder = first.results.options.engines;
  const rank = (engine: string) => (engineOrder.includes(engine) ? engineOrder.indexOf(engine) : engineOrder.length);
  const orderedTasks = [...tasks.values()]
    .map((t) => t.record)
    .sort((a, b) => (position.get(a.puzzle) ?? 0) - (position.get(b.puzzle) ?? 0) || rank(a.engine) - rank(b.engine));
  const disagreements = orderedPuzzles.flatMap((p) => crossCheck(p, orderedTasks));
  const engines = new Map(inputs.flatMap((i) => i.results.engines).map((e) => [e.name, e]));
  const sources = [...new Set(inputs.flatMap((i) => i.results.options.puzzles))];
  const { shard: _shard, ...options } = first.results.options;
  const { aborted: _aborted, shards: _shards, notAttempted: _notAttempted, ...base } = first.results;
  void [_shard, _aborted, _shards, _notAttempted];
  const notAttempted = inputs.flatMap((i) => i.results.notAttempted ?? []);
  const wallMs = inputs.reduce((sum, i) => sum + i.results.summary.wallMs, 0);
  const results: RaceResults = {
    ...base,
    options: { ...options, puzzles: sources },
    engines: [...engines.values()],
    puzzles: orderedPuzzles,
    tasks: orderedTasks,
    disagreements,
    summary: summarizeRun(orderedTasks, disagreements.length, wallMs),
    ...(inputs.some((i) => i.results.aborted) ? { aborted: true } : {}),
    ...(notAttempted.length > 0 ? { notAttempted } : {}),
    shards: inputs.flatMap((i) => i.results.shards ?? [{ shard: i.results.options.shard ?? 'all', env: i.results.env }]),
  };
  return { results, warnings };
}
