// The GitHub Actions recipe in packages/race/docs/comparing.md, run as written: its `race` commands
// are taken from the README's yaml block and run on a one-puzzle suite (outputs in a scratch
// folder, fewer rounds), so a recipe that cannot run (shell expansion, a flag that is gone)
// fails here. Speed is not judged: a regression (exit 1) is a valid outcome of the gate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO, gridrace, hasStackTrace } from './run-cli.js';

const scratch = mkdtempSync(join(tmpdir(), 'gridrace-recipe-'));
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: REPO });
});

/** The `run:` lines of the README's workflow that call the CLI (`race`, `history`), as argument lists. */
function recipeCommands(): string[][] {
  const readme = readFileSync(join(REPO, 'packages/race/docs/comparing.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### The same in GitHub Actions'));
  const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
  return yaml
    .split('\n')
    .map((line) => /^\s*(?:- )?run: (.*)$/.exec(line)?.[1])
    .filter((cmd): cmd is string => cmd !== undefined && cmd.startsWith('node packages/cli/dist/main.js '))
    .map((cmd) => cmd.split(/\s+/));
}

describe('the GitHub Actions recipe', () => {
  const suite = join(scratch, 'small.txt');
  writeFileSync(suite, '# one small puzzle\npuzzles/seed/z3-prefix-15x15.json\n');

  it('has a gate, a plain race and the history, with no shell expansion', () => {
    const commands = recipeCommands();
    expect(commands.map((c) => c.slice(0, 4).join(' '))).toEqual([
      'node packages/cli/dist/main.js race gate',
      'node packages/cli/dist/main.js race --suite',
      'node packages/cli/dist/main.js history trend',
      'node packages/cli/dist/main.js history changes',
    ]);
    for (const c of commands) expect(c.join(' ')).not.toMatch(/\$\(|`|\|/);
  });

  it('runs each of its commands as written, on a small suite', () => {
    for (const command of recipeCommands()) {
      const args = command
        .slice(2)
        .map((arg) => (arg === 'benchmarks/suites/ci.txt' ? suite : arg === '${{' ? 'HEAD' : arg))
        .filter((arg) => !['github.event.pull_request.base.sha', '}}'].includes(arg))
        // Outputs go to the scratch folder: the values of --out, -o, --markdown, the history, and the results read back.
        .map((arg, i, all) => (['--out', '-o', '--markdown', '--history', '--db'].includes(all[i - 1]!) || arg === 'head/results.json' ? join(scratch, arg) : arg));
      // The gate: two rounds, short runs, the base built in the scratch folder.
      if (args[1] === 'gate') args.push('--rounds', '2', '--confirm-rounds', '2', '--time', '0.05', '--no-build', '--cache-dir', join(scratch, 'builds'));
      const r = gridrace(args);
      expect(r.stderr, args.join(' ')).not.toSatisfy(hasStackTrace);
      expect([0, 1], `${args.join(' ')}\n${r.stderr}`).toContain(r.code);
      // The history commands succeed: one commit raced, so no step can begin at it.
      if (args[0] === 'history') expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
    }
    expect(readFileSync(join(scratch, 'gate', 'gate.md'), 'utf8')).toMatch(/^# Performance gate/);
    const gate = JSON.parse(readFileSync(join(scratch, 'gate', 'gate.json'), 'utf8'));
    // The counting step: both engines, two runs a side, every answer verified, counters reported.
    const counted = gate.counting.results.tasks;
    expect(counted.map((t: { engine: string }) => t.engine)).toEqual(['wasm', 'bitmask']);
    expect(counted.every((t: { runs: { verified: boolean; counters?: object }[] }) => t.runs.length === 4 && t.runs.every((r) => r.verified && r.counters !== undefined))).toBe(true);
    expect(gate.counting.counters.counted.sort()).toEqual(['bitmask', 'wasm']);
    // The base is HEAD built in another folder: where the engines' sources are as committed (a
    // fresh clone, CI), both builds must hash alike and count alike, so nothing is timed.
    const committed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', 'packages'], { cwd: REPO, encoding: 'utf8' }).trim() === '';
    if (committed) {
      expect(gate.fingerprints.map((f: { same: boolean }) => f.same)).toEqual([true, true]);
      expect(gate.counting.counters.regressions).toEqual([]);
      expect(gate.timing).toBeUndefined();
    }
    expect(JSON.parse(readFileSync(join(scratch, 'head', 'results.json'), 'utf8')).tasks).toHaveLength(2);
    // The history holds the gate's two builds and the plain race, and the trend page draws them.
    const list = gridrace(['history', 'list', '--json', '--db', join(scratch, 'history/gridrace.sqlite')]);
    expect(JSON.parse(list.stdout).map((r: { source: string; side: string | null }) => `${r.source} ${r.side ?? ''}`.trim()).sort()).toEqual(['gate base', 'gate head', 'race']);
    expect(readFileSync(join(scratch, 'head', 'trend.html'), 'utf8')).toMatch(/<title>gridrace history<\/title>/);
  }, 300_000);
});
