// Shared vitest settings: tests run on the TypeScript sources of every workspace
// package (the `source` export condition), consumers get the built `dist`.
import { defineConfig } from 'vitest/config';

export const sharedConfig = defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    reporters: process.env.CI ? ['dot', ['json', { outputFile: '.vitest-results.json' }]] : ['default', ['json', { outputFile: '.vitest-results.json' }]],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
