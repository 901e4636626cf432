// One line per puzzle kind, in the style hyperfine ends with: who won, by how much, over how
// many puzzles, and what the mean leaves out (failures, disagreements), so nobody has to read
// the tables to learn that the "faster" engine timed out on half the corpus.
import { geometricMean } from '../stats.js';
import type { RaceResults } from '../types.js';
import { failureParts, formatRatio, kindTables, ratioMatrix, type FailureCounts, type KindTable } from './tables.js';

// The CLI counts gave-up tasks with the same rule as the reports.
export { gaveUp } from '../summary.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function failuresText(name: string, f: FailureCounts): string {
  const parts = failureParts(f);
  return `${name} ${plural(f.total, 'failure')}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function puzzlesText(n: number, total: number): string {
  return n < total ? `${n} of ${plural(total, 'puzzle')}` : plural(n, 'puzzle');
}

/** The headline of one kind's table; `disagreements` counts that kind's puzzles only. */
export function kindHeadline(table: KindTable, disagreements: number): string {
  const notAttempted = table.rows.reduce((n, r) => n + r.cells.filter((c) => c.text === 'not attempted').length, 0);
  const m = ratioMatrix(table);
  const engines = table.engines;
  const total = table.rows.length;
  const timed = engines.map((_, i) => table.rows.filter((r) => r.cells[i]?.ms !== undefined).length);
  const tail = (order: readonly number[]) =>
    `; ${order.map((i) => failuresText(engines[i]!, m.failures[i]!)).join(', ')}; ${plural(disagreements, 'disagreement')}` +
    (notAttempted > 0 ? `; ${notAttempted} not attempted (out of reach)` : '');
  const everyone = engines.map((_, i) => i);

  if (engines.length === 1) return `${table.kind}: only ${engines[0]} raced, ${puzzlesText(timed[0]!, total)} solved${tail(everyone)}`;

  // Rank by the geometric mean of each engine's ratios to the others over their common puzzles
  // (what the matrix shows); an engine sharing no timed puzzle with anyone cannot be ranked.
  const scores = everyone.map((i) => {
    const ratios = m.cells[i]!.filter((c, j) => j !== i && c.n > 0).map((c) => c.ratio);
    return ratios.length ? geometricMean(ratios) : Number.NaN;
  });
  const ranked = everyone.filter((i) => Number.isFinite(scores[i]!)).sort((a, b) => scores[a]! - scores[b]! || timed[b]! - timed[a]! || a - b);
  if (ranked.length === 0) {
    const solvers = everyone.filter((i) => timed[i]! > 0);
    const what =
      solvers.length === 0
        ? `no engine solved any of the ${plural(total, 'puzzle')}`
        : solvers.length === 1
          ? `only ${engines[solvers[0]!]} solved any puzzle (${puzzlesText(timed[solvers[0]!]!, total)})`
          : 'no two engines solved a puzzle in common';
    return `${table.kind}: ${what}${tail([...solvers, ...everyone.filter((i) => !solvers.includes(i))])}`;
  }
  let winner = ranked[0]!;
  let runnerUp = ranked.find((i) => i !== winner && m.cells[i]![winner]!.n > 0)!;
  // With three or more engines the overall ranking can disagree with the direct comparison;
  // the headline states the direct one, so its factor is never below 1.
  if (m.cells[runnerUp]![winner]!.ratio < 1) [winner, runnerUp] = [runnerUp, winner];
  const { ratio, n } = m.cells[runnerUp]![winner]!;
  const factor = formatRatio(ratio);
  const head =
    factor === '1.00x'
      ? `${engines[winner]} and ${engines[runnerUp]} equally fast (${factor})`
      : `${engines[winner]} ${factor} faster than ${engines[runnerUp]}`;
  const order = [winner, runnerUp, ...ranked.filter((i) => i !== winner && i !== runnerUp), ...everyone.filter((i) => !ranked.includes(i))];
  // The peers we measure ourselves against: the strongest external program is named even when
  // a built-in engine came second.
  const peer = ranked.find((i) => table.externals.includes(engines[i]!) && i !== winner && i !== runnerUp && m.cells[i]![winner]!.n > 0);
  const against =
    peer === undefined
      ? ''
      : `; the strongest external program, ${engines[peer]}: ${formatRatio(Math.max(m.cells[peer]![winner]!.ratio, m.cells[winner]![peer]!.ratio))} ` +
        `${m.cells[peer]![winner]!.ratio >= 1 ? 'slower' : 'faster'} than ${engines[winner]} over ${puzzlesText(m.cells[peer]![winner]!.n, total)} both solved`;
  const basis = table.externals.length > 0 ? `; timed as ${table.basis}` : '';
  return `${table.kind}: ${head}, geometric mean over ${puzzlesText(n, total)} both solved${against}${tail(order)}${basis}`;
}

/** One headline per puzzle kind raced, for the top of summary.md and report.html and the CLI's last lines. */
export function raceHeadlines(results: RaceResults): string[] {
  return kindTables(results).map((table) => {
    const ids = new Set(table.rows.map((r) => r.puzzle.id));
    return kindHeadline(table, results.disagreements.filter((d) => ids.has(d.puzzle)).length);
  });
}
