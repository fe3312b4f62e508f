import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Where the inspector asks the dev server for the path spec's sample events (`npm start` only). */
export const SAMPLES_PATH = '/__statechart/samples';

/** The product's path spec, relative to Vite's root: where create-statechart-app puts it. */
export const DEFAULT_SPEC = 'tests/paths/productPaths.ts';

/**
 * `npm start` only (the dev server, never preview or a build): the path spec's sample events, as
 * JSON, for the inspector (@statechart/devtools), which offers an event with a payload (a typing
 * event, `newProject.change`) with its sample instead of asking for its JSON by hand. The spec is
 * loaded here, in Node, through Vite's own module graph, so the browser never imports tests/ and
 * the app's bundle has none of it. A spec that is missing or does not load answers no samples
 * (and the reason, for the console), never an error page: the inspector works without them.
 */
export function specSamples(spec: string | false | undefined): Plugin {
  return {
    name: 'spec-samples',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?', 1)[0];
        if (path !== SAMPLES_PATH || request.method !== 'GET') return next();
        const answer = (body: { events: unknown[]; reason?: string }) => {
          response.setHeader('content-type', 'application/json');
          response.setHeader('cache-control', 'no-store');
          response.end(JSON.stringify(body));
        };
        const file = spec === false ? undefined : resolve(server.config.root, spec ?? DEFAULT_SPEC);
        if (!file || !existsSync(file)) return answer({ events: [], reason: `no path spec at ${file ?? '(none)'}` });
        server.ssrLoadModule(file).then(
          (module) => answer({ events: eventsOf(module) }),
          (error: unknown) => answer({ events: [], reason: `the path spec did not load: ${String(error)}` }),
        );
      });
    },
  };
}

/** The sample events with a payload of the first export that has `events` (a spec made by makeSpec). */
export function eventsOf(module: Record<string, unknown>): unknown[] {
  for (const value of Object.values(module)) {
    const events = (value as { events?: unknown } | null)?.events;
    if (!Array.isArray(events)) continue;
    return events.filter(
      (event): event is Record<string, unknown> =>
        typeof event === 'object' &&
        event !== null &&
        typeof (event as { type?: unknown }).type === 'string' &&
        Object.keys(event).some((key) => key !== 'type'),
    );
  }
  return [];
}
