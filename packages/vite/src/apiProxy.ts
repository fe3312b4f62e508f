import type { ProxyOptions } from 'vite';
import { API_PATTERN, underApi } from './apiPaths';
import type { StatechartAppOptions } from './options';

/**
 * Where the app's same-origin `/api` goes, in `vite` and `vite preview`: the URL in the environment
 * variable `apiUrlEnv` when set (a real backend, or the server the browser tests start), else the
 * server `startApi` starts here, in-process, with the app's handlers, so `npm start` and
 * `npm run preview` need no second command. The proxy keeps calls same-origin (the CSP stays
 * 'self'), and it takes every `/api` path, so an unknown one gets the server's JSON 404, never the
 * app's index.html. An app without `startApi` and without the variable makes no calls: no proxy.
 */
export async function apiProxy(options: StatechartAppOptions): Promise<Record<string, ProxyOptions> | undefined> {
  if (!options.startApi && !options.apiUrlEnv) return undefined;
  let target = process.env[options.apiUrlEnv ?? 'API_URL'];
  if (!target && options.startApi) target = (await options.startApi()).url;
  if (!target) return undefined;
  // `/api`, `/api/…` and `/api?…`, not `/apiary`: a regular expression key (Vite's proxy syntax).
  // What goes is what is under /api once normalised (`/api/%2e%2e/__control` is not): the rest
  // gets a 404 here (bypass returning false), never the API server.
  return {
    [API_PATTERN.source]: {
      target,
      changeOrigin: true,
      bypass: (request) => (underApi(request.url) ? undefined : false),
    },
  };
}
