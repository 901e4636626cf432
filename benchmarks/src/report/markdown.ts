// Markdown for pull requests: the race summary and the comparison table.
import type { Comparison, TaskComparison } from '../compare.js';
import type { RaceResults } from '../types.js';
import { formatDuration, formatMs, formatRatio, kindTables, ratioMatrix, referenceEngine } from './tables.js';

const esc = (s: string) => s.replace(/\|/g, '\\|');

export function describeRun(r: RaceResults): string {
  const e = r.env;
  const sha = e.gitSha ? `git ${e.gitSha.slice(0, 10)}${e.gitDirty ? ' (uncommitted changes)' : ''}` : 'no git';
  return `${e.date.slice(0, 19).replace('T', ' ')} UTC · ${e.cpu} (${e.cores} cores, load ${e.loadAverage}) · Node ${e.node} · ${sha}`;
}

export function describeOptions(r: RaceResults): string {
  const o = r.options;
  const timing = 'iterations' in o.timing ? `${o.timing.iterations} samples per task` : `${o.timing.timeMs / 1000} s of samples per task`;
  const clock = o.clock === 'cpu' ? 'CPU time' : 'wall-clock time';
  return `${clock} · time limit ${o.timeLimitMs / 1000} s per solve · ${timing} · memory cap ${o.memoryMb} MB · calibration ${o.calibration ? 'on' : 'off'}${o.shard ? ` · shard ${o.shard}` : ''}`;
}

/** The race summary: disagreements first (loudly), then one table per puzzle kind. */
export function raceMarkdown(r: RaceResults): string {
  const s = r.summary;
  const lines: string[] = [];
  lines.push('# gridrace race', '');
  lines.push(describeRun(r), '');
  lines.push(describeOptions(r), '');
  lines.push(
    `${s.tasks} tasks: ${s.completed} completed, ${s.timeouts} timed out, ${s.ooms} out of memory, ${s.errors} errors · ` +
      `race overhead per task ${formatMs(s.harnessMsMedian)} (worker start ${formatMs(s.startMsMedian)}) · wall ${formatDuration(s.wallMs)}` +
      (r.aborted ? ' · **interrupted**' : ''),
    '',
  );
  if (r.disagreements.length > 0) {
    lines.push(`> [!CAUTION]`, `> **${r.disagreements.length} disagreement(s): the engines do not agree or a solution failed verification.**`);
    for (const d of r.disagreements) lines.push(`> - \`${d.puzzle}\`: ${esc(d.message)}`);
    lines.push('');
  }
  for (const table of kindTables(r)) {
    lines.push(`## ${table.kind === 'nonogram' ? 'Nonograms' : 'Arrow paths'}`, '');
    lines.push(`Median ${r.options.clock === 'cpu' ? 'CPU' : 'wall-clock'} time per solve (± relative margin of error); the fastest in bold, others with their ratio to it.`, '');
    lines.push(`| puzzle | size | verdict | ${table.engines.map(esc).join(' | ')} |`);
    lines.push(`|---|---|---|${table.engines.map(() => '---:').join('|')}|`);
    for (const row of table.rows) {
      const solo = table.engines.length === 1;
      const cells = row.cells.map((c) => (c.ms === undefined || solo ? c.text : c.fastest ? `**${c.text}**` : `${c.text} (${formatRatio(c.ratio!)})`));
      const verdict = row.verdict === 'disagreement' ? '**DISAGREEMENT**' : row.verdict;
      lines.push(`| ${esc(row.puzzle.id)} | ${row.puzzle.width}x${row.puzzle.height} | ${verdict} | ${cells.join(' | ')} |`);
    }
    lines.push('');
    if (table.engines.length > 1) {
      const m = ratioMatrix(table);
      const ref = referenceEngine(table);
      lines.push(`Engine vs engine: geometric mean of time(row) / time(column) over the puzzles both timed${ref ? `; reference engine ${ref}` : ''}.`, '');
      lines.push(`| | ${m.engines.map(esc).join(' | ')} |`);
      lines.push(`|---|${m.engines.map(() => '---:').join('|')}|`);
      m.engines.forEach((name, i) => {
        lines.push(`| ${esc(name)} | ${m.cells[i]!.map((c, j) => (i === j ? '1' : c.n === 0 ? '-' : `${formatRatio(c.ratio)} (${c.n})`)).join(' | ')} |`);
      });
      lines.push('');
    }
  }
  const problems = r.tasks.filter((t) => t.state !== 'completed' || t.message);
  if (problems.length > 0) {
    lines.push('## Stopped, failed or limited tasks', '');
    for (const t of problems.slice(0, 100)) lines.push(`- ${esc(t.engine)} on \`${t.puzzle}\`: ${t.state}${t.message ? `: ${esc(t.message)}` : ''}`);
    if (problems.length > 100) lines.push(`- ... and ${problems.length - 100} more (see results.json)`);
    lines.push('');
  }
  return lines.join('\n');
}

const pct = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)}%`;

const STATUS_TEXT: Record<TaskComparison['status'], string> = {
  slower: '**slower**',
  faster: 'faster',
  same: 'same',
  broken: '**broken**',
  fixed: 'fixed',
  'verdict-changed': '**verdict changed**',
  new: 'new',
  gone: 'gone',
  'not-timed': 'not timed',
};

/** The comparison for a pull request: engines first, then the tasks that changed. */
export function compareMarkdown(c: Comparison, options: { all?: boolean } = {}): string {
  const lines: string[] = [];
  const title = c.regressions > 0 ? `## Race comparison: ${c.regressions} regression(s)` : '## Race comparison: no regression';
  lines.push(title, '');
  const who = (x: Comparison['baseline']) => `${x.sha ? x.sha.slice(0, 10) : 'no git'} (${x.date.slice(0, 10)}, ${x.cpu})`;
  lines.push(`baseline ${who(c.baseline)} · current ${who(c.current)}`, '');
  const ref = c.reference === 'calibration' ? 'the calibration workload timed in the same worker' : c.reference === 'none' ? 'nothing (raw medians)' : `engine ${c.reference} on the same puzzle`;
  lines.push(
    `Times are divided by ${ref}. A change counts when it is over ${(c.threshold * 100).toFixed(0)}% and over ${c.z} sigma of noise ` +
      `(sample noise of both runs plus a run-to-run floor of ${(c.noiseFloor * 100).toFixed(1)}% and ${(c.resolutionMs * 1000).toFixed(1)} µs per call).`,
    '',
  );
  for (const note of c.notes) lines.push(`> ${note}`);
  if (c.notes.length > 0) lines.push('');
  if (c.engines.length > 0) {
    lines.push('| engine | tasks | change (geometric mean) | noise (1 sigma) | status |', '|---|---:|---:|---:|---|');
    for (const e of c.engines) {
      lines.push(`| ${esc(e.engine)} | ${e.tasks} | ${pct(e.ratio)} | ±${(e.noise * 100).toFixed(1)}% | ${e.status === 'slower' ? '**slower**' : e.status} |`);
    }
    lines.push('');
  }
  const interesting = c.tasks.filter((t) => options.all || !['same', 'not-timed'].includes(t.status));
  const order: TaskComparison['status'][] = ['broken', 'verdict-changed', 'slower', 'faster', 'fixed', 'new', 'gone', 'same', 'not-timed'];
  interesting.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status) || (b.ratio ?? 0) - (a.ratio ?? 0));
  const same = c.tasks.filter((t) => t.status === 'same').length;
  if (interesting.length > 0) {
    lines.push('| engine | puzzle | baseline | current | change | noise | status |', '|---|---|---:|---:|---:|---:|---|');
    for (const t of interesting) {
      lines.push(
        `| ${esc(t.engine)} | ${esc(t.puzzle)} | ${t.baseMs !== undefined ? formatMs(t.baseMs) : '-'} | ${t.currentMs !== undefined ? formatMs(t.currentMs) : '-'} | ` +
          `${t.ratio !== undefined ? pct(t.ratio) : '-'} | ${t.noise !== undefined ? `±${(t.noise * 100).toFixed(1)}%` : '-'} | ${STATUS_TEXT[t.status]}${t.note ? ` (${esc(t.note)})` : ''} |`,
      );
    }
    lines.push('');
  }
  if (!options.all) lines.push(`${same} task(s) unchanged within noise.`, '');
  return lines.join('\n');
}
