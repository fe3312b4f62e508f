import { fileURLToPath } from 'node:url';
import { statechartApp } from '@statechart/vite';
import { defineConfig } from 'vite';

/** The shapes app: history, final states, a timer, an invoked actor. It makes no calls. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The examples' favicon and robots.txt.
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  plugins: [statechartApp()],
});
