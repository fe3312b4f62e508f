import type { Plugin } from 'vite';
import { spelledUnderApi } from '../apiPaths';

/**
 * The preview server (sirv) answers a URL with bad percent-encoding with an error page before the
 * SPA fallback sees it; serve the app instead, so that the app can show its not-found screen.
 * A production host needs the same rule: every unknown path, malformed or not, gets index.html.
 */
export function serveMalformedUrls(): Plugin {
  return {
    name: 'serve-malformed-urls',
    configurePreviewServer(server) {
      const index = `${server.config.base}index.html`;
      server.middlewares.use((request, _response, next) => {
        // Under /api the API answers, malformed or not (`/api/%zz` is its JSON 404, never the app).
        if (spelledUnderApi(request.url)) return next();
        try {
          decodeURI(request.url ?? '/');
        } catch {
          request.url = index;
        }
        next();
      });
    },
  };
}
