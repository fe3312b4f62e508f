import { buildAndPreview } from '../../src/builtApp';

/**
 * Builds and serves the minimal shapes' app; its origin reaches the workers as MINIMAL_URL. A run
 * given MINIMAL_URL (the split run's script serves the app once for all its shards) uses that.
 */
export default async function globalSetup() {
  if (process.env.MINIMAL_URL) return;
  const { origin, server } = await buildAndPreview('packages/paths/test/shapes/vite.config.ts');
  process.env.MINIMAL_URL = origin;
  return async () => {
    await server.close();
  };
}
