import { buildAndPreview } from '../../src/builtApp';

/** Builds and serves the minimal shapes' app; its origin reaches the workers as MINIMAL_URL. */
export default async function globalSetup() {
  const { origin, server } = await buildAndPreview('packages/paths/test/shapes/vite.config.ts');
  process.env.MINIMAL_URL = origin;
  return async () => {
    await server.close();
  };
}
