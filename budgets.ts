/**
 * The product's budgets: the one place a product team sets how much it may load. `npm test` (the
 * tools project, scripts/test/bundle-budget.test.ts) and `npm run budget` check them; docs/budgets.md
 * explains each figure and the foundation's own gates, which are not the product's to change.
 */

/**
 * The most initial JS the product may load before its first screen shows: the scripts and
 * modulepreloads its built index.html names, gzip -9 bytes (1 KB = 1,024 B).
 *
 * The default, 170 KB, is the long-standing "mobile first load" budget (Alex Russell, "Can You
 * Afford It?", for a 5 s time-to-interactive on a median phone); the foundation with React, XState
 * and the history uses about 98 KB of it, which leaves ~70 KB for the product's own code and
 * libraries (valibot, calls and forms add ~5 KB). Set it to what the product can afford; a screen's
 * code loads in its own lazy chunk and does not count here.
 */
export const PRODUCT_INITIAL_JS_BUDGET = 170 * 1024;
