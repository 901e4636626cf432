// What every report page shares and a browser can load too: the style sheet and the labels
// of the log axes (report.html, the history's trend page, the web workbench).

/** The reports' style sheet (report.html, the history's trend page). */
export const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:1200px;padding:0 1rem;color:#1b1f24}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #d0d7de;padding-bottom:.3rem}
.meta{color:#57606a}.alarm{background:#ffebe9;border:2px solid #cf222e;padding:.8rem 1rem;border-radius:6px}
.alarm strong,.bad{color:#cf222e}table{border-collapse:collapse;margin:.8rem 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d0d7de;padding:.25rem .55rem;text-align:right;white-space:nowrap}th{background:#f6f8fa}
td.id{text-align:left;max-width:24rem;overflow:hidden;text-overflow:ellipsis}.scroll{overflow-x:auto;max-width:100%}
.caption{color:#57606a;font-size:.92em;margin:.2rem 0 1rem}.chart.square{height:520px;max-width:620px}td.na{color:#8c959f}td.best{font-weight:600;background:#dafbe1}
.ratio{color:#57606a;font-size:.9em}.chart{position:relative;height:420px;overflow-x:auto;max-width:100%}.chart>div{height:100%}
ul.problems{color:#57606a}ul.headline{font-size:1.05rem;font-weight:600;padding-left:1.2rem}`;

/**
 * Labels for the log-scale ticks, as page script (exported for its test). Chart.js's own
 * formatter gives every tick the decimals of the smallest step ("300.000" beside 0.001);
 * these read 300, 0.5, 1.25. On an axis of more than 8 ticks only mantissas 1, 2 and 5 get a
 * label: Chart.js's own rule also labels 3 and the top fifth of the axis, whose labels
 * overlapped ("1,000" on "700") on a 420-pixel chart spanning several decades.
 */
export function tickLabel(value: number, index: number, ticks: readonly { significand?: number }[]): string {
  if (value === 0) return '0';
  const tick = ticks[index];
  const mantissa = tick?.significand || value / Math.pow(10, Math.floor(Math.log10(value)));
  // A narrow axis has room for every label.
  if (ticks.length > 8 && ![1, 2, 5, 10].includes(Math.round(mantissa * 1e6) / 1e6)) return '';
  return new Intl.NumberFormat('en', { maximumSignificantDigits: 3 }).format(value);
}

/** `tickLabel` as page script, for the pages that inline their scripts. */
export const TICK_LABEL_SCRIPT = tickLabel.toString();
