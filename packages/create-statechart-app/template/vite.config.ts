import { startApiServer } from '@statechart/calls/server';
import { statechartApp } from '@statechart/vite';
import { defineConfig } from 'vite';
import { handlers } from './server/handlers.ts';

/**
 * The product's build: the framework's Vite plugin, with the product's API handlers behind `/api`
 * in `npm start` and `npm run preview` (unless `API_URL` names a real backend). Tests have their
 * own config (vitest.config.ts). Imports here are static: the config's module runner is closed
 * once the file is loaded, before the plugin would start the server.
 */
export default defineConfig({
  plugins: [statechartApp({ startApi: () => startApiServer({ handlers }) })],
});
