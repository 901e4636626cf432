// Markdown for pull requests: the comparison table of `race compare`.
import type { Comparison, TaskComparison } from '../compare.js';
import { intervalText, outcomeText, percentChange as pct } from '../judge.js';
import { escapeCell, formatMs } from './tables.js';

const STATUS_TEXT: Record<TaskComparison['status'], string> = {
  timed: 'timed',
  'more-work': '**more work**',
  broken: '**broken**',
  fixed: 'fixed',
  'verdict-changed': '**verdict changed**',
  new: 'new',
  gone: 'gone',
  'not-timed': 'not timed',
};

/** How many timed tasks are listed without --all: the largest changes either way. */
const LARGEST = 10;

/** One line: the outcome and what it rests on. */
export function compareHeadline(c: Comparison): string {
  if (c.comparable === 0 && c.regressions === 0) return `race compare: nothing comparable: ${c.incomparable ?? 'no task was timed in both runs'}`;
  return `race compare: ${outcomeText(c.regressions, c.engines)} (an engine counts when its whole 95% interval is beyond ±${(c.threshold * 100).toFixed(0)}%)`;
}

/** The comparison for a pull request: engines first, then the tasks that changed. */
export function compareMarkdown(c: Comparison, options: { all?: boolean } = {}): string {
  const lines: string[] = [];
  const title =
    c.regressions > 0 ? `## Race comparison: ${c.regressions} regression(s)` : c.comparable === 0 ? '## Race comparison: nothing to compare' : '## Race comparison: no regression';
  lines.push(title, '');
  if (c.comparable === 0) lines.push(`> [!WARNING]`, `> **Nothing comparable: ${c.incomparable ?? 'no task was timed in both runs'}.**`, '');
  const who = (x: Comparison['baseline']) => `${x.sha ? x.sha.slice(0, 10) : 'no git'} (${x.date.slice(0, 10)}, ${x.cpu})`;
  lines.push(`baseline ${who(c.baseline)} · current ${who(c.current)}`, '');
  const ref = c.reference === 'calibration' ? "the calibration workload's change on the same puzzle" : c.reference === 'none' ? 'nothing (times as measured)' : `engine ${c.reference}'s change on the same puzzle`;
  const fastRef = c.reference === 'calibration' ? "the calibration's fast level over each whole run (the median over its puzzles of the calibration's fastest sample)" : c.reference === 'none' ? 'nothing' : `engine ${c.reference}'s fast level on the same puzzle`;
  const basis =
    c.fastLevel === c.comparable && c.comparable > 0
      ? `Both runs are sliced: a task's *change* is its fast level (its fastest sample over all its slices), current / baseline, divided by ${fastRef}; *raw change* is before that division; *baseline* and *current* are the fast levels. `
      : `A task's *change* is the Hodges-Lehmann estimate of current / baseline from both runs' samples, with the Mann-Whitney interval (the tasks share 95%), divided by ${ref}; *raw change* is before that division. ` +
        (c.fastLevel > 0 ? `The ${c.fastLevel} task(s) sliced in both runs are compared at their fast level instead (the fastest sample over their slices, divided by ${fastRef}), without an interval of their own. ` : '');
  lines.push(
    basis +
      `An engine's change is the Hodges-Lehmann estimate over its tasks, with the Wilcoxon signed-rank 95% interval, and counts when the whole interval is beyond ±${(c.threshold * 100).toFixed(0)}%. ` +
      `Tasks are not judged one by one on time: two races of one build put single tasks tens of percent apart, which one run's samples cannot see. ` +
      `A work counter that grew past ${(c.counters.threshold * 100).toFixed(0)}% counts on any task.`,
    '',
  );
  for (const note of c.notes) lines.push(`> ${note}`);
  if (c.notes.length > 0) lines.push('');
  if (c.engines.length > 0) {
    lines.push('| engine | tasks | raw change | change | 95% interval | status |', '|---|---:|---:|---:|---|---|');
    for (const e of c.engines) {
      const status = e.status === 'slower' ? '**slower**' : e.note ? `${e.status} (${escapeCell(e.note)})` : e.status;
      lines.push(`| ${escapeCell(e.engine)} | ${e.tasks} | ${pct(e.rawRatio)} | ${pct(e.ratio)} | ${intervalText(e)} | ${status} |`);
    }
    lines.push('');
  }
  const timed = c.tasks.filter((t) => t.status === 'timed').sort((a, b) => Math.abs(Math.log(b.ratio!)) - Math.abs(Math.log(a.ratio!)));
  const others = c.tasks.filter((t) => t.status !== 'timed' && (options.all || t.status !== 'not-timed'));
  const order: TaskComparison['status'][] = ['broken', 'verdict-changed', 'more-work', 'fixed', 'new', 'gone', 'not-timed'];
  others.sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status));
  const shownTimed = options.all ? timed : timed.slice(0, LARGEST);
  const shown = [...others, ...shownTimed];
  if (shown.length > 0) {
    lines.push('| engine | puzzle | baseline | current | raw change | change | interval | status |', '|---|---|---:|---:|---:|---:|---|---|');
    for (const t of shown) {
      lines.push(
        `| ${escapeCell(t.engine)} | ${escapeCell(t.puzzle)} | ${t.baseMs !== undefined ? formatMs(t.baseMs) : '-'} | ${t.currentMs !== undefined ? formatMs(t.currentMs) : '-'} | ` +
          `${t.rawRatio !== undefined ? pct(t.rawRatio) : '-'} | ${t.ratio !== undefined ? pct(t.ratio) : '-'} | ${t.low !== undefined && t.high !== undefined ? intervalText({ low: t.low, high: t.high }) : '-'} | ${STATUS_TEXT[t.status]}${t.note ? ` (${escapeCell(t.note)})` : ''} |`,
      );
    }
    lines.push('');
  }
  if (!options.all && timed.length > shownTimed.length) lines.push(`${timed.length - shownTimed.length} more timed task(s) with smaller changes (\`--all\` lists them).`, '');
  return lines.join('\n');
}
