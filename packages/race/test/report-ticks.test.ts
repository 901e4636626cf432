// The HTML report's axis labels: the page script's tick formatter, run here as the page runs
// it, on ticks laid out the way Chart.js's log scale lays them out.
import { describe, expect, it } from 'vitest';
import { TICK_LABEL_SCRIPT } from '../src/report/page.js';
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
    expect(labels.slice(0, 4)).toEqual(['0.001', '0.002', '0.005', '0.01']);
    expect(labels).toContain('0.5');
    expect(labels).toContain('200');
    expect(labels).toContain('1,000');
    for (const label of labels) expect(label, label).not.toMatch(/\.\d*0$/);
  });

  it('labels mantissas 1, 2 and 5 only on a wide axis, so labels never crowd; every tick on a narrow one', () => {
    const ticks = logTicks(0, 2);
    const labels = ticks.map((t, i) => tickLabel(t.value, i, ticks));
    expect(labels.slice(0, 9)).toEqual(['1', '2', '', '', '5', '', '', '', '']);
    // Chart.js's own rule labelled 70, 80 and 90 beside 100 here (its top fifth).
    expect(labels.slice(16)).toEqual(['', '', '100']);
    const narrow = [3, 4, 5, 6, 7].map((m) => ({ value: m, significand: m }));
    expect(narrow.map((t, i) => tickLabel(t.value, i, narrow))).toEqual(['3', '4', '5', '6', '7']);
  });

  it('formats a value off the 1-2-5 grid with at most three significant digits', () => {
    const ticks = [{ value: 1.25, significand: 15 }];
    expect(tickLabel(1.25, 0, ticks)).toBe('1.25');
    expect(tickLabel(0, 0, ticks)).toBe('0');
  });

  it('is what every log axis of the page uses', () => {
    const page = raceHtml(syntheticRun({ engines: ['fast', 'slow'], puzzles: 2, seed: 1 }));
    expect(page).toContain('function tickLabel(');
    const code = page.replace(/\s+/g, ' ').replace(/"/g, "'"); // the chart function's source, as vitest transformed it
    expect(code.match(/type: 'logarithmic', ticks: \{ callback: tickLabel, autoSkip: false \}/g)).toHaveLength(1);
    expect(code.match(/logAxis\(/g)!.length).toBeGreaterThanOrEqual(5); // time, ratio, cactus, scatter x and y
  });
});
