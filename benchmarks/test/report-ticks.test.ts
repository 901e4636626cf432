// The HTML report's axis labels: the page script's tick formatter, run here as the page runs
// it, on ticks laid out the way Chart.js's log scale lays them out.
import { describe, expect, it } from 'vitest';
import { TICK_LABEL_SCRIPT } from '../src/report/html.js';
import { raceHtml } from '../src/index.js';
import { syntheticRun } from './helpers.js';

type Tick = { value: number; significand: number };
const tickLabel = new Function(`${TICK_LABEL_SCRIPT}\nreturn tickLabel;`)() as (value: number, index: number, ticks: Tick[]) => string;

/** Chart.js's log ticks from 10^lo to 10^hi: mantissas 1..9 in each decade (values rounded as it rounds them). */
function logTicks(lo: number, hi: number): Tick[] {
  const ticks: Tick[] = [];
  for (let e = lo; e < hi; e++) {
    for (let m = 1; m <= 9; m++) ticks.push({ value: Number((m * 10 ** e).toPrecision(12)), significand: m });
  }
  ticks.push({ value: 10 ** hi, significand: 1 });
  return ticks;
}

describe('chart tick labels', () => {
  it('read as people write numbers: no trailing zeros, no fixed decimals', () => {
    const ticks = logTicks(-3, 3);
    const labels = ticks.map((t, i) => tickLabel(t.value, i, ticks)).filter((l) => l !== '');
    // Chart.js's formatter gave these as "0.001", "0.002", ... "300.000", "1,000.000".
    expect(labels.slice(0, 4)).toEqual(['0.001', '0.002', '0.003', '0.005']);
    expect(labels).toContain('0.5');
    expect(labels).toContain('300');
    expect(labels).toContain('1,000');
    for (const label of labels) expect(label, label).not.toMatch(/\.\d*0$/);
  });

  it('keeps the mantissas Chart.js labels (1, 2, 3, 5) and the top fifth, and leaves the rest blank', () => {
    const ticks = logTicks(0, 2);
    const labels = ticks.map((t, i) => tickLabel(t.value, i, ticks));
    expect(labels.slice(0, 9)).toEqual(['1', '2', '3', '', '5', '', '', '', '']);
    // The top fifth of the ticks (indexes above 0.8 * 19) is labelled whatever the mantissa.
    expect(labels.slice(16)).toEqual(['80', '90', '100']);
  });

  it('formats a value off the 1-2-5 grid with at most three significant digits', () => {
    const ticks = [{ value: 1.25, significand: 15 }];
    expect(tickLabel(1.25, 0, ticks)).toBe('1.25');
    expect(tickLabel(0, 0, ticks)).toBe('0');
  });

  it('is what both log axes of the page use', () => {
    const page = raceHtml(syntheticRun({ engines: ['fast', 'slow'], puzzles: 2, seed: 1 }));
    expect(page).toContain('function tickLabel(');
    expect(page.match(/type: 'logarithmic', ticks: \{ callback: tickLabel \}/g)).toHaveLength(2);
  });
});
