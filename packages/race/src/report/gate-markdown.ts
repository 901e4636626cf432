// The gate's report as markdown: its one-line verdict, then each step: code fingerprints,
// work counters, time, confirmation.
import type { AbRatio } from '../compare.js';
import type { CounterChange } from '../ab-counters.js';
import type { GateReport } from '../gate.js';
import { changeText as span, percentChange as pct } from '../judge.js';
import { abMarkdown } from './ab-markdown.js';

const maybeSpan = (r: AbRatio | undefined) => (r ? span(r) : '');

function counterRow(c: CounterChange): string {
  const change = c.change !== undefined ? pct(1 + c.change) : '';
  const status = c.status === 'more' && c.work ? '**more work**' : c.status === 'less' && c.work ? 'less work' : c.status;
  return `| ${c.engine} | ${c.puzzle} | ${c.counter}${c.work ? '' : ' (shown only)'} | ${c.base ?? ''} | ${c.head ?? ''} | ${change} | ${status} |`;
}

export function gateMarkdown(r: GateReport): string {
  const lines = ['# Performance gate', '', `**${r.line}**`, ''];
  if (r.failures.length > 1) lines.push(...r.failures.map((f) => `- ${f}`), '');
  lines.push('## Code', '', 'An engine whose built code (its package and the workspace packages it uses) hashes the same in both builds is not timed.', '');
  lines.push('| engine | base | head | timed |', '|---|---|---|---|');
  for (const f of r.fingerprints) lines.push(`| ${f.engine} | ${f.base ?? '?'} | ${f.head ?? '?'} | ${r.timed.includes(f.engine) ? 'yes' : f.same ? 'no, same code' : 'no'} |`);
  const c = r.counting.counters;
  const changed = c.changes.filter((x) => x.status !== 'same');
  lines.push('', '## Work counters', '', `Each task's checked solve, two fresh runs a side; a work counter that grows by more than ${(c.threshold * 100).toFixed(0)}% (and ${c.minCount} counts) fails. Counted: ${c.counted.join(', ') || 'none'}; no steady counters: ${c.uncounted.join(', ') || 'none'}.`, '');
  if (changed.length === 0) lines.push(`Every counter of ${r.counting.results.tasks.length} tasks is the same in both builds.`);
  else lines.push('| engine | puzzle | counter | base | head | change | status |', '|---|---|---|---:|---:|---:|---|', ...changed.map(counterRow));
  if (r.timing) lines.push('', abMarkdown(r.timing.comparison).replace(/^## /, '## Time: '));
  else lines.push('', '## Time', '', 'Not judged.');
  if (r.confirmation) {
    lines.push('## Confirmation', '', 'The flagged tasks raced again, A/B and A/A (base against itself) taking turns; confirmed when the new interval lies above the threshold and above the A/A interval.', '');
    lines.push('| flagged | first | again | A/A | confirmed |', '|---|---|---|---|---|');
    for (const f of r.confirmation.flagged) lines.push(`| ${f.what} | ${span(f.first)} | ${maybeSpan(f.again)} | ${maybeSpan(f.floor)} | ${f.confirmed ? '**yes**' : 'no'} |`);
  }
  return `${lines.join('\n')}\n`;
}
