// CI's gate in one call, on the path a shallow clone takes: the accepted base cannot be had, so
// one race of the working tree is compared with committed results on work counters and
// verdicts. Real races of bitmask on two small seed puzzles; the committed file is written by
// raceFallbackBaseline and then altered the way a regression would show.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptBase, acceptedBase, ciGate, parseResults, raceFallbackBaseline, stringifyResults, type CiGateOptions } from '../src/index.js';

const ROOT = new URL('../../..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'gridrace-ci-gate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const suite = join(scratch, 'suite.txt');
writeFileSync(suite, '# two small seed nonograms\npuzzles/seed/z3-prefix-15x15.json\npuzzles/seed/mathematica-20x30.json\n');
const baseFile = join(scratch, 'base.txt');
const options = (extra: Partial<CiGateOptions> = {}): CiGateOptions => ({
  root: ROOT,
  suite,
  baseFile,
  fallback: join(scratch, 'ci.json'),
  out: join(scratch, 'out'),
  engines: ['bitmask', 'no-such-engine'],
  ...extra,
});

describe('acceptedBase and acceptBase', () => {
  it('read the first line that is not a comment, and replace the commit in place', () => {
    const sha = '0123456789abcdef0123456789abcdef01234567';
    writeFileSync(baseFile, `# the accepted base\n\n${sha}  # trailing note\n`);
    expect(acceptedBase(baseFile)).toBe(sha);
    expect(acceptedBase(join(scratch, 'missing.txt'))).toBeUndefined();
    const head = acceptBase(baseFile, 'HEAD', ROOT);
    expect(head).toMatch(/^[0-9a-f]{40}$/);
    expect(readFileSync(baseFile, 'utf8').startsWith('# the accepted base\n')).toBe(true);
    expect(acceptedBase(baseFile)).toBe(head);
    // A file naming no commit yet gets one.
    writeFileSync(baseFile, '# the accepted base\n');
    expect(acceptBase(baseFile, 'HEAD', ROOT)).toBe(head);
    expect(readFileSync(baseFile, 'utf8')).toBe(`# the accepted base\n${head}\n`);
  });
});

describe('ciGate without its base', () => {
  it('passes against counters it made itself, and fails when the committed ones show less work', { timeout: 120_000 }, async () => {
    writeFileSync(baseFile, '# names no commit that exists here\n0000000000000000000000000000000000000000\n');
    const lines: string[] = [];
    await raceFallbackBaseline(options());
    const passed = await ciGate(options({ log: (line) => lines.push(line) }));
    expect(lines).toContain('engines not registered, left out: no-such-engine');
    expect(lines.some((l) => /^the accepted base cannot be had \(no commit "0{40}"/.test(l))).toBe(true);
    expect(passed.code).toBe(0);
    expect(passed.line).toMatch(/^gate passed against the committed counters \(bitmask counted, \d+ counters the same, 0 lower\)/);

    // The committed run did half the line solves on one puzzle: today's run does more work there.
    const committed = parseResults(readFileSync(options().fallback, 'utf8'));
    const task = committed.tasks.find((t) => t.puzzle.endsWith('mathematica-20x30.json'))!;
    const before = task.counters!.linesSolved!;
    const altered = { ...committed, tasks: committed.tasks.map((t) => (t === task ? { ...t, counters: { ...t.counters, linesSolved: Math.floor(before / 2) } } : t)) };
    writeFileSync(options().fallback, stringifyResults(altered));
    const failed = await ciGate(options());
    expect(failed.code).toBe(1);
    expect(failed.line).toBe(`gate FAILED against the committed counters: bitmask does more work on puzzles/seed/mathematica-20x30.json: linesSolved ${Math.floor(before / 2)} -> ${before}`);
  });

  it('says so when the base file names no commit, and when the committed results cannot be read', { timeout: 60_000 }, async () => {
    writeFileSync(baseFile, '# nothing here\n');
    writeFileSync(options().fallback, 'not json');
    const lines: string[] = [];
    const r = await ciGate(options({ log: (line) => lines.push(line) }));
    expect(lines.some((l) => l.startsWith(`the accepted base cannot be had (${baseFile} names no commit)`))).toBe(true);
    expect(r.code).toBe(4);
    expect(r.line).toMatch(/^cannot read the committed results: /);
  });
});
