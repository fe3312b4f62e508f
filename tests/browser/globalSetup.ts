import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';
import { startApiServer } from '../../server/apiServer';
import { handlers } from '../../server/handlers';
import { startReferenceApiServer } from '../server/referenceApi';

declare module 'vitest' {
  export interface ProvidedContext {
    productUrl: string;
    referenceUrl: string;
    /** The shapes app (tests/shapes), for the Chromium-level path tests of the second reference machine. */
    shapesUrl: string;
    /** The origin serving the reference app built with base `/base/`. */
    baseUrl: string;
    /** The reference API server behind the reference apps' /api proxy (its /__control endpoints). */
    apiUrl: string;
    /** The product's API server (its handlers, server/handlers.ts) behind the product's /api proxy. */
    productApiUrl: string;
  }
}

/**
 * Builds the product and the reference app (also under a base path) and serves each with
 * `vite preview`, as a user would get them: real chunks, deep links served by the SPA fallback.
 */
export default async function setup(project: TestProject) {
  const servers: PreviewServer[] = [];
  // The reference apps' /api goes here (vite.config.ts reads REFERENCE_API_URL for its proxy).
  const api = await startReferenceApiServer();
  process.env.REFERENCE_API_URL = api.url;
  project.provide('apiUrl', api.url);
  // The product's /api goes to its own handlers (vite.config.ts reads API_URL for its proxy).
  const productApi = await startApiServer({ handlers });
  process.env.API_URL = productApi.url;
  project.provide('productApiUrl', productApi.url);
  const serve = async (mode: string, base: string) => {
    process.env.BASE_PATH = base;
    try {
      // Vitest runs with NODE_ENV=test; build what ships.
      process.env.NODE_ENV = 'production';
      await build({ mode, logLevel: 'warn' });
      process.env.NODE_ENV = 'test';
      const server = await preview({
        mode,
        logLevel: 'warn',
        preview: { port: 0, host: '127.0.0.1', strictPort: false },
      });
      servers.push(server);
      const url = server.resolvedUrls?.local[0];
      if (!url) throw new Error(`vite preview (${mode}) did not report its URL`);
      return new URL(url).origin;
    } finally {
      delete process.env.BASE_PATH;
    }
  };
  project.provide('productUrl', await serve('production', '/'));
  project.provide('referenceUrl', await serve('reference', '/'));
  project.provide('baseUrl', await serve('reference', '/base/'));
  project.provide('shapesUrl', await serve('shapes', '/'));
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
    await Promise.all([api.close(), productApi.close()]);
  };
}
