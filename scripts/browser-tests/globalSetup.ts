import type { TestProject } from 'vitest/node';
import type { PreviewServer } from 'vite';
import { buildAndPreview } from '@statechart/paths/chromium';
import { startReferenceApiServer } from '../../examples/reference/server/api';

declare module 'vitest' {
  export interface ProvidedContext {
    referenceUrl: string;
    /** The shapes app (examples/shapes), for the Chromium-level path tests of the second reference machine. */
    shapesUrl: string;
    /** The minimal shape machines of the path generator (packages/paths/test/shapes), one per first path segment. */
    minimalUrl: string;
    /** The origin serving the reference app built with base `/base/`. */
    baseUrl: string;
    /** The reference API server behind the reference apps' /api proxy (its /__control endpoints). */
    apiUrl: string;
  }
}

const REFERENCE = 'examples/reference/vite.config.ts';

interface Served {
  apiUrl: string;
  urls: Record<'referenceUrl' | 'baseUrl' | 'shapesUrl' | 'minimalUrl', string>;
  close(): Promise<void>;
}

// The framework's Chromium projects (browser, browser-history-api) use this setup: the
// examples are built and served once for both (the main process keeps this module's state per
// project, so the shared servers live on globalThis), and closed when the last project ends.
const shared = globalThis as { __statechartServed?: Promise<Served>; __statechartServedUsers?: number };

/**
 * The harness of the framework's Chromium tests (packages/<name>/test/browser, the reference app's
 * end-to-end suite in examples/reference/e2e): builds the examples (the reference app also under a
 * base path) and the generator's minimal shapes, and serves each with `vite preview`, as a user
 * would get them, with the reference API server behind their /api.
 */
export default async function setup(project: TestProject) {
  shared.__statechartServedUsers = (shared.__statechartServedUsers ?? 0) + 1;
  const served = await (shared.__statechartServed ??= serveExamples());
  project.provide('apiUrl', served.apiUrl);
  for (const [name, url] of Object.entries(served.urls)) project.provide(name as keyof Served['urls'], url);
  return async () => {
    shared.__statechartServedUsers = (shared.__statechartServedUsers ?? 1) - 1;
    if (shared.__statechartServedUsers > 0) return;
    shared.__statechartServed = undefined;
    await served.close();
  };
}

async function serveExamples(): Promise<Served> {
  const servers: PreviewServer[] = [];
  // The reference apps' /api goes here (their vite.config.ts reads REFERENCE_API_URL for the proxy).
  const api = await startReferenceApiServer();
  process.env.REFERENCE_API_URL = api.url;
  const serve = async (configFile: string, base = '/') => {
    const { origin, server } = await buildAndPreview(configFile, base);
    servers.push(server);
    return origin;
  };
  const urls = {
    referenceUrl: await serve(REFERENCE),
    baseUrl: await serve(REFERENCE, '/base/'),
    shapesUrl: await serve('examples/shapes/vite.config.ts'),
    minimalUrl: await serve('packages/paths/test/shapes/vite.config.ts'),
  };
  return {
    apiUrl: api.url,
    urls,
    async close() {
      await Promise.all(servers.map((server) => server.close()));
      await api.close();
    },
  };
}
