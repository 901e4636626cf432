// The browser entry (`@gridrace/history/browser`) reaches no Node API: every module it imports,
// followed through the package's own files, imports only its siblings, @gridrace/core (itself
// browser-safe), the race's statistics (a module that imports nothing) and types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url);

function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(new URL(file, SRC), 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)) {
    if (m[2]!.startsWith('./')) reachable(m[2]!.slice(2).replace(/\.js$/, '.ts'), seen);
  }
  return seen;
}

describe('@gridrace/history/browser', () => {
  it('imports no Node module, directly or through its siblings', () => {
    const files = [...reachable('browser.ts')];
    expect(files).toContain('database.ts');
    expect(files).not.toContain('file.ts');
    for (const file of files) {
      const text = readFileSync(new URL(file, SRC), 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)) {
        const [, typeOnly, from] = m;
        if (from!.startsWith('./') || typeOnly) continue;
        expect(['@gridrace/core', '@gridrace/race/stats'], `${file}: ${from}`).toContain(from);
      }
    }
    const stats = readFileSync(new URL('../../race/src/stats.ts', import.meta.url), 'utf8');
    expect(stats).not.toMatch(/^import /m);
  });
});
