import { fileURLToPath } from 'node:url';
import { statechartApp } from '@statechart/vite';
import { defineConfig } from 'vite';

/** The minimal shape machines of the generator, one app, each machine under its own first path segment. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The examples' favicon and robots.txt (a fixture may use the examples).
  publicDir: fileURLToPath(new URL('../../../../examples/public', import.meta.url)),
  plugins: [statechartApp()],
});
