// Markdown for pull requests: the race summary (the comparison is in compare-markdown.ts).
import type { RaceResults } from '../types.js';
import { failureText } from '../summary.js';
import { engineLabel, externalTable } from './external.js';
import { raceHeadlines } from './headline.js';
import { basisInFull, clockWord, describeCounts, escapeCell, formatDuration, formatFailures, formatMs, formatRatio, kindTables, kindTitle, par2Scores, ratioMatrix, referenceEngine } from './tables.js';

export function describeRun(r: RaceResults): string {
  const e = r.env;
  const sha = e.gitSha ? `git ${e.gitSha.slice(0, 10)}${e.gitDirty ? ' (uncommitted changes)' : ''}` : 'no git';
  return `${e.date.slice(0, 19).replace('T', ' ')} UTC · ${e.cpu} (${e.cores} cores, load ${e.loadAverage}) · Node ${e.node} · ${sha}`;
}

export function describeOptions(r: RaceResults): string {
  const o = r.options;
  const timing = 'iterations' in o.timing ? `${o.timing.iterations} samples per task` : `${o.timing.timeMs / 1000} s of samples per task`;
  return `${clockWord(r)} time · time limit ${o.timeLimitMs / 1000} s per solve · ${timing} · ${o.memoryMb > 0 ? `memory cap ${o.memoryMb} MB` : 'no memory cap'} · calibration ${o.calibration ? 'on' : 'off'}${o.shard ? ` · shard ${o.shard}` : ''}`;
}

/**
 * For a race run on a queue: how many machines ran it and which engines each ran, and whether
 * their CPUs differ (each puzzle's engines ran on one machine, so the ratios compare like with
 * like; absolute times then mix machines). Undefined for a race run here.
 */
export function describeMachines(r: RaceResults): string | undefined {
  const machines = r.machines;
  if (!machines || machines.length === 0) return undefined;
  const each = machines.map((m) => `${m.id} (${m.cpu}, ${m.cores} cores): ${Object.entries(m.tasks).map(([engine, n]) => `${engine} ${n}`).join(', ')}`);
  const cpus = [...new Set(machines.map((m) => m.cpu))];
  const mixed = cpus.length > 1 ? ` · CPUs differ (${cpus.join(' / ')}): each puzzle's engines ran on one machine, so ratios hold, but times mix machines` : '';
  return `ran on the queue ${r.options.queue ?? ''} by ${machines.length} worker(s): ${each.join('; ')}${mixed}`;
}

/** The race summary: disagreements first (loudly), then one table per puzzle kind. */
export function raceMarkdown(r: RaceResults): string {
  const s = r.summary;
  const lines: string[] = [];
  lines.push('# gridrace race', '');
  const headlines = raceHeadlines(r);
  if (headlines.length > 0) lines.push(...headlines.map((h) => `- **${escapeCell(h)}**`), '');
  lines.push(describeRun(r), '');
  lines.push(describeOptions(r), '');
  const machines = describeMachines(r);
  if (machines) lines.push(machines, '');
  lines.push(
    `${describeCounts(r)} · ` +
      `race overhead per task ${formatMs(s.harnessMsMedian)} (worker start ${formatMs(s.startMsMedian)}) · wall ${formatDuration(s.wallMs)}` +
      (r.aborted ? ' · **interrupted**' : ''),
    '',
  );
  if (r.disagreements.length > 0) {
    lines.push(`> [!CAUTION]`, `> **${r.disagreements.length} disagreement(s): the engines do not agree or a solution failed verification.**`);
    for (const d of r.disagreements) lines.push(`> - \`${d.puzzle}\`: ${escapeCell(d.message)}`);
    lines.push('');
  }
  for (const table of kindTables(r)) {
    lines.push(`## ${kindTitle(table.kind)}`, '');
    lines.push(`Median ${basisInFull(table)} (± relative margin of error); the fastest in bold, others with their ratio to it.`, '');
    lines.push(`| puzzle | size | verdict | ${table.engines.map((e) => escapeCell(engineLabel(r, e))).join(' | ')} |`);
    lines.push(`|---|---|---|${table.engines.map(() => '---:').join('|')}|`);
    for (const row of table.rows) {
      const solo = table.engines.length === 1;
      const cells = row.cells.map((c) => (c.ms === undefined || solo ? c.text : c.fastest ? `**${c.text}**` : `${c.text} (${formatRatio(c.ratio!)})`));
      const verdict = row.verdict === 'disagreement' ? '**DISAGREEMENT**' : row.verdict;
      lines.push(`| ${escapeCell(row.puzzle.id)} | ${row.puzzle.width}x${row.puzzle.height} | ${verdict} | ${cells.join(' | ')} |`);
    }
    lines.push('');
    if (table.engines.length > 1) {
      const m = ratioMatrix(table);
      const ref = referenceEngine(table);
      lines.push(
        `Engine vs engine: geometric mean of time(row) / time(column) over the puzzles both timed (count in brackets)${ref ? `; reference engine ${ref}` : ''}. ` +
          `The means leave out what either side failed; "failed" counts the row engine's puzzles without an answer (timeout, OOM, error, gave up); ` +
          `PAR-2 is the engine's mean time over the puzzles it was started on, a failure counting twice the time limit.`,
        '',
      );
      const par2 = par2Scores(table, r.options.timeLimitMs);
      lines.push(`| | ${m.engines.map(escapeCell).join(' | ')} | failed | PAR-2 |`);
      lines.push(`|---|${m.engines.map(() => '---:').join('|')}|---:|---:|`);
      m.engines.forEach((name, i) => {
        const cells = m.cells[i]!.map((c, j) => (i === j ? '1' : c.n === 0 ? '-' : `${formatRatio(c.ratio)} (${c.n})`));
        lines.push(`| ${escapeCell(name)} | ${cells.join(' | ')} | ${formatFailures(m.failures[i]!)} | ${par2[i] === undefined ? '-' : formatMs(par2[i]!)} |`);
      });
      lines.push('');
    }
  }
  const external = externalTable(r);
  if (external) {
    lines.push('## External engines', '', external.note, '');
    lines.push(`| ${external.header.join(' | ')} |`, `|${external.header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
    for (const row of external.rows) lines.push(`| ${row.map(escapeCell).join(' | ')} |`);
    lines.push('');
  }
  if (r.notAttempted && r.notAttempted.length > 0) {
    lines.push("## Not attempted (out of the engine's reach)", '');
    for (const n of r.notAttempted.slice(0, 100)) lines.push(`- ${escapeCell(n.engine)} on \`${n.puzzle}\`: ${escapeCell(n.reason)}`);
    if (r.notAttempted.length > 100) lines.push(`- ... and ${r.notAttempted.length - 100} more (see results.json)`);
    lines.push('');
  }
  const problems = r.tasks.filter((t) => t.state !== 'completed' || t.message);
  if (problems.length > 0) {
    lines.push('## Stopped, failed or limited tasks', '');
    for (const t of problems.slice(0, 100)) lines.push(`- ${escapeCell(t.engine)} on \`${t.puzzle}\`: ${failureText(t) ?? t.state}${t.message ? `: ${escapeCell(t.message)}` : ''}`);
    if (problems.length > 100) lines.push(`- ... and ${problems.length - 100} more (see results.json)`);
    lines.push('');
  }
  return lines.join('\n');
}
