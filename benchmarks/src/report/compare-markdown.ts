// Markdown for pull requests: the comparison table of `race compare`.
import type { Comparison, TaskComparison } from '../compare.js';
import { formatMs } from './tables.js';

const esc = (s: string) => s.replace(/\|/g, '\\|');

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
  const title =
    c.regressions > 0 ? `## Race comparison: ${c.regressions} regression(s)` : c.comparable === 0 ? '## Race comparison: nothing to compare' : '## Race comparison: no regression';
  lines.push(title, '');
  if (c.comparable === 0) lines.push(`> [!WARNING]`, `> **Nothing comparable: ${c.incomparable ?? 'no task was timed in both runs'}.**`, '');
  const who = (x: Comparison['baseline']) => `${x.sha ? x.sha.slice(0, 10) : 'no git'} (${x.date.slice(0, 10)}, ${x.cpu})`;
  lines.push(`baseline ${who(c.baseline)} · current ${who(c.current)}`, '');
  const ref = c.reference === 'calibration' ? 'the calibration workload timed in the same run' : c.reference === 'none' ? 'nothing (raw medians)' : `engine ${c.reference} on the same puzzle`;
  lines.push(
    `Times are divided by ${ref}: *change* is the ratio of these normalised medians, *raw change* that of the medians as measured. A change counts when it is over ${(c.threshold * 100).toFixed(0)}% and over ${c.z} sigma of noise ` +
      `(sample noise of both runs plus a run-to-run floor of ${(c.noiseFloor * 100).toFixed(1)}% and ${(c.resolutionMs * 1000).toFixed(1)} µs per call).`,
    '',
  );
  for (const note of c.notes) lines.push(`> ${note}`);
  if (c.notes.length > 0) lines.push('');
  if (c.engines.length > 0) {
    lines.push('| engine | tasks | raw change | change (geometric mean) | noise (1 sigma) | status |', '|---|---:|---:|---:|---:|---|');
    for (const e of c.engines) {
      lines.push(`| ${esc(e.engine)} | ${e.tasks} | ${pct(e.rawRatio)} | ${pct(e.ratio)} | ±${(e.noise * 100).toFixed(1)}% | ${e.status === 'slower' ? '**slower**' : e.status} |`);
    }
    lines.push('');
  }
  const interesting = c.tasks.filter((t) => options.all || !['same', 'not-timed'].includes(t.status));
  const order: TaskComparison['status'][] = ['broken', 'verdict-changed', 'slower', 'faster', 'fixed', 'new', 'gone', 'same', 'not-timed'];
  interesting.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status) || (b.ratio ?? 0) - (a.ratio ?? 0));
  const same = c.tasks.filter((t) => t.status === 'same').length;
  if (interesting.length > 0) {
    lines.push('| engine | puzzle | baseline | current | raw change | change | noise | status |', '|---|---|---:|---:|---:|---:|---:|---|');
    for (const t of interesting) {
      lines.push(
        `| ${esc(t.engine)} | ${esc(t.puzzle)} | ${t.baseMs !== undefined ? formatMs(t.baseMs) : '-'} | ${t.currentMs !== undefined ? formatMs(t.currentMs) : '-'} | ` +
          `${t.rawRatio !== undefined ? pct(t.rawRatio) : '-'} | ${t.ratio !== undefined ? pct(t.ratio) : '-'} | ${t.noise !== undefined ? `±${(t.noise * 100).toFixed(1)}%` : '-'} | ${STATUS_TEXT[t.status]}${t.note ? ` (${esc(t.note)})` : ''} |`,
      );
    }
    lines.push('');
  }
  if (!options.all) lines.push(`${same} task(s) unchanged within noise.`, '');
  return lines.join('\n');
}
