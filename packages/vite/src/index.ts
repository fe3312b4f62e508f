/**
 * The Vite plugin of a statechart app: the CSP, the preload helper, the /api proxy to the
 * development API server, and build tweaks.
 */
export type { StatechartAppOptions } from './options';
export { statechartApp } from './plugin';
export { asciiOutput } from './plugins/asciiOutput';
