import type { Connect, Plugin } from 'vite';
import { API_PATTERN, spelledUnderApi, underApi } from '../apiPaths';

/**
 * With an API behind `/api`, every request spelled under /api is the API's: what the proxy forwards
 * (plain `/api/…`, malformed encodings such as `/api/%zz` too: the server answers its JSON 404),
 * and a JSON 404 here for any other spelling of it (`/%61pi/x`), never the app's index.html with a
 * 200, which a client would take for an answer.
 */
export function apiPathsOnly(hasApi: () => boolean): Plugin {
  const notForwarded: Connect.NextHandleFunction = (request, response, next) => {
    const target = request.url;
    if (!hasApi() || !spelledUnderApi(target) || (API_PATTERN.test(target ?? '') && underApi(target))) return next();
    response.statusCode = 404;
    response.setHeader('content-type', 'application/json');
    response.setHeader('cache-control', 'no-store');
    response.end(JSON.stringify({ message: 'Nothing answers this /api path: the API takes /api/… spelled plainly' }));
  };
  return {
    name: 'api-paths-only',
    configureServer: (server) => void server.middlewares.use(notForwarded),
    configurePreviewServer: (server) => void server.middlewares.use(notForwarded),
  };
}
