import type { TestProject } from 'vitest/node';
import type { PreviewServer } from 'vite';
import { buildAndPreview } from '@statechart/paths/chromium';
import { startReferenceApiServer } from '../../../../examples/reference/server/api';

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

/**
 * The framework's browser tests: builds the examples (the reference app also under a base path)
 * and the generator's minimal shapes, and serves each with `vite preview`, as a user would get them.
 */
export default async function setup(project: TestProject) {
  const servers: PreviewServer[] = [];
  // The reference apps' /api goes here (their vite.config.ts reads REFERENCE_API_URL for the proxy).
  const api = await startReferenceApiServer();
  process.env.REFERENCE_API_URL = api.url;
  project.provide('apiUrl', api.url);
  const serve = async (configFile: string, base = '/') => {
    const { origin, server } = await buildAndPreview(configFile, base);
    servers.push(server);
    return origin;
  };
  project.provide('referenceUrl', await serve(REFERENCE));
  project.provide('baseUrl', await serve(REFERENCE, '/base/'));
  project.provide('shapesUrl', await serve('examples/shapes/vite.config.ts'));
  project.provide('minimalUrl', await serve('packages/paths/test/shapes/vite.config.ts'));
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
    await api.close();
  };
}
