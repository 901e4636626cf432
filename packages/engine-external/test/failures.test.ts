// init() and solve() name what really went wrong with a run, in the same words: the output cap,
// a signal, an exit code, a program that cannot run, the time limit.
import type { NonogramPuzzle } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { createExternalEngine, type ExternalEngineDefinition, type ExternalEngineOptions } from '../src/index.js';
import { runFailure } from '../src/failure.js';

const corner: NonogramPuzzle = { kind: 'nonogram', width: 2, height: 2, rows: [[2], [1]], columns: [[2], [1]], givens: [], meta: {} };

function shell(name: string, script: string, extra: Partial<ExternalEngineDefinition> = {}, options: ExternalEngineOptions = {}) {
  return createExternalEngine({ name, program: 'sh', args: ['-c', script], input: 'nin', output: 'grids', ...extra }, '/bin/sh', options);
}

/** Prints without end. */
const flood = (options: ExternalEngineOptions = {}) => createExternalEngine({ name: 'flood', program: 'yes', args: [], input: 'nin', output: 'grids' }, '/usr/bin/yes', options);

describe('what a failed run is called', () => {
  it('init() names the output cap when the program floods its output (the default 64 MiB cap)', async () => {
    const started = performance.now();
    await expect(flood().init!()).rejects.toThrow(/^flood printed more than the output cap \(64 MiB\)$/);
    // Stopped at the cap, not at the start-up run's 30 s time limit.
    expect(performance.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('init() and solve() word a flood alike, past a lowered cap', async () => {
    const engine = flood({ maxOutputBytes: 64 * 1024 });
    await expect(engine.init!()).rejects.toThrow(/^flood printed more than the output cap \(64 KiB\)$/);
    const result = await engine.solve(corner);
    expect(result.verdict === 'incomplete' && result.reason).toBe('limit');
    expect(result.verdict === 'incomplete' && result.message).toBe('flood printed more than the output cap (64 KiB)');
  });

  it('init() and solve() name an exit code, with the end of stderr', async () => {
    const engine = shell('exits', 'echo "no licence" >&2; exit 3');
    await expect(engine.init!()).rejects.toThrow(/^exits exited with code 3: no licence$/);
    await expect(engine.solve(corner)).rejects.toThrow(/^exits exited with code 3: no licence$/);
  });

  it('init() takes an exit code the definition says carries an answer', async () => {
    await expect(shell('sat-style', 'echo unique; echo "#"; exit 10', { answerExitCodes: [10] }).init!()).resolves.toBeUndefined();
  });

  it('init() and solve() name a signal', async () => {
    const engine = shell('segv', 'kill -SEGV $$');
    await expect(engine.init!()).rejects.toThrow(/^segv was killed by SIGSEGV \(segmentation fault\)$/);
    await expect(engine.solve(corner)).rejects.toThrow(/^segv was killed by SIGSEGV \(segmentation fault\)$/);
  });

  it('init() names a program that cannot run', async () => {
    const missing = createExternalEngine({ name: 'gone', program: '/nonexistent/solver', args: [], input: 'nin', output: 'grids' }, '/nonexistent/solver');
    await expect(missing.init!()).rejects.toThrow(/^gone cannot run \/nonexistent\/solver: .*(No such file|ENOENT)/);
  });

  it('the time limit and abort are worded with the limit', () => {
    const base = { stdout: '', stderr: '', wallMs: 1, signal: 'SIGKILL' } as const;
    const context = { answerExitCodes: [0], maxOutputBytes: 1024 * 1024, timeLimitMs: 30_000 };
    expect(runFailure('slow', { ...base, stopped: 'time-limit' }, context)).toBe('slow did not answer within its 30 s time limit');
    expect(runFailure('slow', { ...base, stopped: 'aborted' }, context)).toBe('slow was aborted before it answered');
    expect(runFailure('slow', { ...base, stopped: 'output-limit' }, context)).toBe('slow printed more than the output cap (1 MiB)');
    expect(runFailure('fine', { stdout: 'x', stderr: '', wallMs: 1, code: 0 }, context)).toBeUndefined();
  });
});
