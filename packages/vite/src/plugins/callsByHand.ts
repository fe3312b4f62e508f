import type { Plugin } from 'vite';

/**
 * `npm start` only (the dev server, never preview or a build): `/__control` redirects to the
 * development API server's page for making calls misbehave by hand (@statechart/calls's
 * controlPanel.ts), on the API server's own origin, where its control endpoints admit it.
 */
export function callsByHand(devApi: () => string | undefined): Plugin {
  return {
    name: 'calls-by-hand',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const api = devApi();
        const path = (request.url ?? '').split('?', 1)[0];
        if (!api || (path !== '/__control' && path !== '/__control/')) return next();
        response.statusCode = 302;
        response.setHeader('location', `${api}/__control/`);
        response.setHeader('cache-control', 'no-store');
        response.end();
      });
      server.httpServer?.once('listening', () => {
        if (devApi()) server.config.logger.info(`  ➜  Calls by hand: /__control (slow, failing or silent calls)`);
      });
    },
  };
}
