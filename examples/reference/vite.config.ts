import { fileURLToPath } from 'node:url';
import { statechartApp } from '@statechart/vite';
import { defineConfig } from 'vite';
import { startReferenceApiServer } from './server/api.ts';

/**
 * The reference app: its own API answers (server/api.ts) behind `/api`, or the server named by
 * `REFERENCE_API_URL` (the browser tests start one and steer it). `BASE_PATH=/base/` builds it
 * into dist-base, for the base-path tests.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The examples' favicon and robots.txt.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [
    statechartApp({
      apiUrlEnv: 'REFERENCE_API_URL',
      startApi: startReferenceApiServer,
      // Its path spec: the inspector offers its sample events (`npm run start:reference` only).
      spec: 'paths.ts',
    }),
  ],
  build: { outDir: process.env.BASE_PATH && process.env.BASE_PATH !== '/' ? 'dist-base' : 'dist' },
});
