import type { Handler, Handlers } from './apiServer';

/** The development API server's routes (apiServer.ts): its handlers' patterns, and which one a request matches. */

export interface Route {
  /** Its key in the handlers, `'POST /api/records'`: how a fault names it. */
  name: string;
  method: string;
  segments: string[];
  handler: Handler;
}

export const routesOf = (handlers: Handlers): Route[] =>
  Object.entries(handlers).map(([key, handler]) => {
    const [method = '', pattern = ''] = key.split(' ');
    return { name: key, method, segments: pattern.split('/').filter(Boolean), handler: handler as Handler };
  });

/** The route and params for a request, or why there is none (404, or 405 when only the method differs). */
export function match(routes: Route[], method: string, path: string) {
  const segments = path.split('/').filter(Boolean);
  let pathMatched = false;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  return { status: pathMatched ? 405 : 404 };
}
