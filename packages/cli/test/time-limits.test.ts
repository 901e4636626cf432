// Time limits mean the same in every command: a positive number of seconds, 0 refused with
// one message (race's), no flag no limit.
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../src/index.js';
import { gridrace, hasStackTrace } from './run-cli.js';

const REFUSED = /^error: option '-t, --time-limit <seconds>' argument '(0|-0\.5|soon|Infinity)' is invalid\. expected a positive number \(seconds\)$/m;

describe('-t, --time-limit', () => {
  it.each([
    [['solve', 'puzzles/seed/gchq-2015.json']],
    [['generate', 'arrowpath', '5x5', '--seed', '1']],
    [['generate', 'nonogram', '5x5', '--seed', '1']],
    [['race', '-p', 'puzzles/seed/gchq-2015.json']],
    [['race', 'ab', '--base', 'HEAD']],
  ])('%j: 0, a negative, a word and Infinity are refused alike (exit 5)', (args) => {
    for (const value of ['0', '-0.5', 'soon', 'Infinity']) {
      const run = gridrace([...args, `--time-limit=${value}`]);
      expect(run.code, `${args.join(' ')} -t ${value}: ${run.stderr}`).toBe(ExitCode.USAGE);
      expect(run.stderr).toMatch(REFUSED);
      expect(hasStackTrace(run.stderr)).toBe(false);
    }
  });

  it('solve: a small positive limit is accepted', () => {
    const run = gridrace(['solve', 'puzzles/seed/gchq-2015.json', '-t', '30', '--json']);
    expect(run.code).toBe(ExitCode.OK);
    expect(JSON.parse(run.stdout).results[0].verdict).toBe('unique');
  });
});
