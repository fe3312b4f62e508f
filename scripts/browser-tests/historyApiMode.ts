import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** True in the History API projects: every page runs without `window.navigation`. */
    historyApiMode: boolean;
  }
}

/**
 * Setup file of the framework's Chromium projects (vitest.framework.config.ts): in the History API
 * one, every browser a test file starts with `launch()` (@statechart/paths/chromium) hides
 * `window.navigation` from its pages (`STATECHART_HISTORY_API`, read at each launch), so the app
 * starts on its History API adapter. The test files stay the same. Set at each file's start: a
 * worker's environment outlives a file (isolate is off).
 */
if (inject('historyApiMode')) process.env.STATECHART_HISTORY_API = '1';
else delete process.env.STATECHART_HISTORY_API;
