// The A/B comparison as markdown: engines first, then every task that changed (or all).
import type { AbComparison, AbTaskComparison } from '../compare.js';
import { intervalText, outcomeText, percentChange as pct, type Change } from '../judge.js';
import { escapeCell, formatMs } from './tables.js';

const interval = (r: Partial<Change>) => (r.low !== undefined && r.high !== undefined ? intervalText({ low: r.low, high: r.high }) : '');
const name = (b: { ref: string; sha?: string; dirty?: boolean }) => `${b.ref}${b.sha && b.sha !== b.ref ? ` (${b.sha.slice(0, 12)}${b.dirty ? ', with uncommitted changes' : ''})` : ''}`;
const bars = (c: AbComparison) => `±${(c.threshold * 100).toFixed(0)}%${c.taskThreshold !== c.threshold ? ` (a task: ±${(c.taskThreshold * 100).toFixed(0)}%)` : ''}`;
const bold = (status: string) => (status === 'same' || status === 'not-timed' ? status : `**${status}**`);

/** One line: the gate's outcome and what it rests on. */
export function abHeadline(c: AbComparison): string {
  return `A/B: ${outcomeText(c.regressions, c.engines)} (head ${name(c.head)} vs base ${name(c.base)}, ${c.rounds} rounds, flagged when the whole 95% interval is beyond ${bars(c)})`;
}

export function abMarkdown(c: AbComparison, options: { all?: boolean } = {}): string {
  const lines = [`## A/B: head ${name(c.head)} against base ${name(c.base)}`, ''];
  lines.push(
    `${c.rounds} rounds, base and head alternating (ABBA), a fresh worker per run, each run's ${c.statistic} timed. ` +
      `Change = Hodges-Lehmann estimate of the paired head/base ratios, interval = Wilcoxon signed-rank, 95% for an engine and for the tasks together (each task's at 1 - 5%/tasks); ` +
      `a change counts when its whole interval lies beyond ${bars(c)}. **${c.regressions} regression(s).**`,
    '',
  );
  lines.push('| engine | tasks | pairs | change | 95% interval | status |', '|---|---:|---:|---:|---|---|');
  for (const e of c.engines) lines.push(`| ${e.engine} | ${e.tasks} | ${e.n} | ${pct(e.ratio)} | ${interval(e)} | ${bold(e.status)} |`);
  // Unchanged tasks, and tasks neither build settled (an engine's cap on both sides), only with --all.
  const shown = c.tasks.filter((t) => options.all || (t.status !== 'same' && t.status !== 'not-timed'));
  lines.push('');
  if (shown.length > 0) {
    lines.push('| engine | puzzle | base | head | change | interval | status | note |', '|---|---|---:|---:|---:|---|---|---|');
    for (const t of shown) lines.push(taskRow(t));
  }
  if (!options.all) {
    const same = c.tasks.filter((t) => t.status === 'same').length;
    const untimed = c.tasks.filter((t) => t.status === 'not-timed').length;
    if (same + untimed > 0) lines.push('', `${same} task(s) unchanged, ${untimed} not timed on either side (\`--all\` lists them).`);
  }
  if (c.notes.length > 0) lines.push('', ...c.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}

function taskRow(t: AbTaskComparison): string {
  const ms = (v: number | undefined) => (v === undefined ? '' : formatMs(v));
  return `| ${t.engine} | ${t.puzzle} | ${ms(t.baseMs)} | ${ms(t.headMs)} | ${t.ratio !== undefined ? pct(t.ratio) : ''} | ${interval(t)} | ${bold(t.status)} | ${escapeCell(t.note ?? '')} |`;
}
