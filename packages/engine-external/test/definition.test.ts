// Engines files: definitions checked with messages that name the file and field; programs that
// cannot be found are skipped with a line saying so, never registered.
import { mkdtempSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEngine, unregisterEngine } from '@gridrace/core';
import { describe, expect, it } from 'vitest';
import { NONOSOLVE, PBNSOLVE, checkDefinitions, fillArgs, readDefinitionsFile, registerExternalEngines } from '../src/index.js';

const good = { name: 'mine', program: './solver', args: ['{input}'], input: 'nin', output: 'grids' };

describe('engines files', () => {
  it('takes one definition or a list', () => {
    expect(checkDefinitions(JSON.stringify(good), 'e.json').map((d) => d.name)).toEqual(['mine']);
    expect(checkDefinitions(JSON.stringify([good, { ...good, name: 'other' }]), 'e.json')).toHaveLength(2);
  });

  it.each([
    ['not json', '{', /^e\.json: not JSON/],
    ['empty list', '[]', /^e\.json: no engine definitions$/],
    ['unknown field', JSON.stringify({ ...good, flags: [] }), /^e\.json: unknown field "flags"/],
    ['bad name', JSON.stringify({ ...good, name: 'a b' }), /^e\.json\.name must be a name/],
    ['unknown placeholder', JSON.stringify({ ...good, args: ['{file}'] }), /^e\.json\.args: unknown placeholder \{file\}/],
    ['unknown input format', JSON.stringify({ ...good, input: 'pbm' }), /^e\.json\.input must be one of non, nin, json, xml, olsak$/],
    ['an unknown kind', JSON.stringify({ ...good, kind: 'sudoku' }), /^e\.json\.kind must be one of nonogram, colour-nonogram$/],
    ['a colour engine fed .nin', JSON.stringify({ ...good, kind: 'colour-nonogram', input: 'nin' }), /^e\.json\.input nin cannot hold colour; use olsak, xml or json$/],
    ['unknown parser', JSON.stringify({ ...good, output: 'magic' }), /^e\.json\.output must be one of nonosolve, pbnsolve, gridrace-json, grids$/],
    ['bad capability', JSON.stringify({ ...good, capabilities: { maxSide: 0 } }), /capabilities\.maxSide must be a positive integer/],
    ['bad exit codes', JSON.stringify({ ...good, answerExitCodes: [300] }), /answerExitCodes must be a list of exit codes/],
    ['the same name twice', JSON.stringify([good, good]), /^e\.json: engine "mine" is defined twice$/],
    ['list position in messages', JSON.stringify([good, { ...good, name: 'two', args: 'x' }]), /^e\.json: \[1\]\.args must be a list of strings$/],
  ])('refuses %s', (_, text, message) => {
    expect(() => checkDefinitions(text, 'e.json')).toThrow(message);
  });

  it('fills placeholders', () => {
    expect(fillArgs(['-n', '{maxSolutions}', '--timeout={timeLimitS}', '{input}'], { maxSolutions: '2', timeLimitS: '1.500', input: '/t/p.nin' })).toEqual([
      '-n',
      '2',
      '--timeout=1.500',
      '/t/p.nin',
    ]);
  });

  it('the peer adapters are valid definitions', () => {
    expect(checkDefinitions(JSON.stringify([NONOSOLVE, PBNSOLVE]), 'peers')).toEqual([NONOSOLVE, PBNSOLVE]);
  });
});

describe('registering external engines', () => {
  it('registers a program found in a peer folder (relative paths from the file) and skips one that is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gridrace-peers-'));
    const program = join(dir, 'solver');
    writeFileSync(program, '#!/bin/sh\necho unique\n');
    chmodSync(program, 0o755);
    const file = join(dir, 'engines.json');
    const { definitions, baseDir } = readDefinitionsFile(JSON.stringify([good, { ...good, name: 'gone', program: './nowhere' }, { ...good, name: 'bare', program: 'solver' }]), file);
    const { engines, missing } = registerExternalEngines(definitions, { baseDir, peerDirs: [dir] });
    try {
      expect(engines.map((e) => [e.name, e.program])).toEqual([
        ['mine', program],
        ['bare', program],
      ]);
      expect(getEngine('mine').program).toBe(program);
      expect(missing).toEqual([{ name: 'gone', message: 'gone: skipped, program "./nowhere" not found (no executable file there)' }]);
    } finally {
      for (const e of engines) unregisterEngine(e.name);
    }
  });

  it('a peer not in the folders or on the PATH is skipped with one line saying how to name it', () => {
    // An empty PATH, so the test holds on a machine that has nonosolve installed.
    const path = process.env.PATH;
    process.env.PATH = '';
    let result;
    try {
      result = registerExternalEngines([NONOSOLVE], { peerDirs: ['/nonexistent'], register: false });
    } finally {
      process.env.PATH = path;
    }
    const { engines, missing } = result;
    expect(engines).toEqual([]);
    expect(missing[0]!.message).toMatch(/^nonosolve: skipped, program "nonosolve" not found \(not in \/nonexistent or the PATH; name its folder with --peers or GRIDRACE_PEERS\)$/);
  });
});
