// What every report page shares: Chart.js inlined (so a page opens offline), the style sheet
// and the log-axis tick labels. report.html and the history's trend page use them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let chartSource: string | undefined;

/** Chart.js's UMD bundle, read once from the installed package, ready to inline in a page's script tag. */
export function chartJs(): string {
  if (chartSource === undefined) {
    const dist = dirname(createRequire(import.meta.url).resolve('chart.js'));
    chartSource = readFileSync(join(dist, 'chart.umd.min.js'), 'utf8')
      .replace(/\/\/# sourceMappingURL=.*$/m, '')
      .replace(/<\/script/gi, '<\\/script');
  }
  return chartSource;
}

export { STYLE, TICK_LABEL_SCRIPT } from './style.js';
