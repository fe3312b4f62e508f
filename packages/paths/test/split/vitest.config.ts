/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

/**
 * The split run that shards.test.ts drives: each level's walks in two part files, which
 * `--shard=1/2` and `--shard=2/2` spread over two runs (Vitest shards by file), as a CI matrix
 * spreads them over machines. Only these files: the framework's own config runs the rest.
 */
export default defineConfig({
  plugins: [react()],
  // `module-sync`: resolve as Node does (the root's vitest.config.ts says why).
  resolve: { conditions: ['source', 'module-sync', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', 'module-sync', ...defaultServerConditions] } },
  test: {
    root: fileURLToPath(new URL('../../../..', import.meta.url)),
    isolate: false,
    testTimeout: 20_000,
    projects: [
      { extends: true, test: { name: 'split', include: ['packages/paths/test/split/*.part.ts'], environment: 'node' } },
      {
        extends: true,
        test: {
          name: 'split-dom',
          include: ['packages/paths/test/split/*.part.tsx'],
          environment: 'jsdom',
          // The DOM level's setup, as the framework's paths-dom project has it.
          setupFiles: ['packages/paths/test/setup.ts'],
        },
      },
    ],
  },
});
