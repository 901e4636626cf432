// Shared vitest settings: tests run on the TypeScript sources of every workspace
// package (the `source` export condition), consumers get the built `dist`.
import { defineConfig } from 'vitest/config';

/**
 * The CLI's colour rule (packages/cli/src/output.ts `useColor`): never with NO_COLOR, always
 * with FORCE_COLOR (unless `0` or `false`), otherwise only on a terminal that is not dumb.
 * scripts/test.mjs sets FORCE_COLOR when its own output is a terminal, since turbo hands each
 * task a pipe.
 */
function wantColor(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR.toLowerCase() !== 'false';
  return process.stdout.isTTY === true && env.TERM !== 'dumb';
}

// vitest colours with tinyrainbow, which decides when vitest starts (before this file loads)
// and colours pipes and files too: it looks at TERM, not at the stream, and some labels are
// coloured once at import. So when colour is not wanted the test workers get NO_COLOR, and
// this process drops colour codes from what its reporters write.
if (!wantColor()) {
  process.env.NO_COLOR = '1';
  const SGR = /\x1b\[[0-9;]*m/g;
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? chunk.replace(SGR, '') : chunk, ...rest)) as typeof stream.write;
  }
}

export const sharedConfig = defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    reporters: process.env.CI ? ['dot', ['json', { outputFile: '.vitest-results.json' }]] : ['default', ['json', { outputFile: '.vitest-results.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
