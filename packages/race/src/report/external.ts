// External engines (solver programs) in the reports: their samples are the program's time on
// the race's clock, start-up included; this table puts what that hides beside it, per engine.
import { median } from '../stats.js';
import type { RaceResults } from '../types.js';
import { clockWord, formatMs, startupMs } from './tables.js';

export interface ExternalTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly note: string;
}

/** An engine's name for a table header: external engines are marked so. */
export function engineLabel(r: RaceResults, name: string): string {
  return r.engines.some((e) => e.name === name && e.program !== undefined) ? `${name} (external)` : name;
}

/** One row per external engine of the race, or undefined when none took part. */
export function externalTable(r: RaceResults): ExternalTable | undefined {
  const external = r.engines.filter((e) => e.program !== undefined);
  if (external.length === 0) return undefined;
  const clock = clockWord(r);
  const rows = external.map((e) => {
    const timed = r.tasks.filter((t) => t.engine === e.name && t.samples && t.process);
    const sum = (pick: (t: (typeof timed)[number]) => number | undefined) => {
      const xs = timed.map(pick);
      return xs.length > 0 && xs.every((x) => x !== undefined) ? formatMs(xs.reduce((a, x) => a! + x!, 0)!) : '-';
    };
    const startups = timed.map(startupMs).filter((x): x is number => x !== undefined);
    const asTimed = timed.length > 0 && (clock !== 'CPU' || timed.every((t) => t.process!.cpuMeasured));
    return [
      e.name,
      e.program!,
      String(timed.length),
      asTimed ? sum((t) => t.samples!.median) : '- (no python3)',
      sum((t) => t.process!.wallMedian),
      sum((t) => t.process!.solverMedian),
      startups.length > 0 ? formatMs(median(startups)) : '-',
    ];
  });
  return {
    header: ['engine', 'program', 'puzzles timed', `${clock}, sum of medians`, 'wall with start-up', 'its own time line', `start-up ${clock} (1x1)`],
    rows,
    note:
      `External engines run a solver program per solve, in its own process group. Their samples (results.json) are the ${clock} time ` +
      'of the program, start-up and reading the puzzle included, measured from outside; the built-in engines are timed in their ' +
      'warm worker, so the tables above compare a program less its start-up (the last column). ' +
      '"its own time line" is the solve time the program prints itself.',
  };
}
