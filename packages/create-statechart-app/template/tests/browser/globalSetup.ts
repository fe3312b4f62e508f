import { startApiServer } from '@statechart/calls/server';
import { buildAndPreview } from '@statechart/paths/chromium';
import type { TestProject } from 'vitest/node';
import { handlers } from '../../server/handlers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built product, served by `vite preview`. */
    productUrl: string;
    /** The product's API server (its handlers, server/handlers.ts) behind the product's /api proxy. */
    productApiUrl: string;
  }
}

/** The product's browser tests: builds the product as it ships and serves it, with its API server. */
export default async function setup(project: TestProject) {
  // The product's /api goes to its own handlers (vite.config.ts's plugin reads API_URL for its proxy).
  const api = await startApiServer({ handlers });
  process.env.API_URL = api.url;
  project.provide('productApiUrl', api.url);
  const { origin, server } = await buildAndPreview('vite.config.ts');
  project.provide('productUrl', origin);
  return async () => {
    await server.close();
    await api.close();
  };
}
