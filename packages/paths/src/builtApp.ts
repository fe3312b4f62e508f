import { build, preview, type PreviewServer } from 'vite';

/**
 * Builds the app of `configFile` (a Vite config's path) as it ships (NODE_ENV=production) and
 * serves it with `vite preview` on a free port: real chunks, deep links served by the SPA
 * fallback. For a browser project's globalSetup; `BASE_PATH` is `base` while it builds. The
 * config is loaded by Vite's module runner, since the framework's packages ship TypeScript (README).
 */
export async function buildAndPreview(
  configFile: string,
  base = '/',
): Promise<{ origin: string; server: PreviewServer }> {
  process.env.BASE_PATH = base;
  const nodeEnv = process.env.NODE_ENV;
  try {
    // Vitest runs with NODE_ENV=test; build what ships.
    process.env.NODE_ENV = 'production';
    await build({ configFile, logLevel: 'warn' });
    process.env.NODE_ENV = nodeEnv;
    const server = await preview({
      configFile,
      logLevel: 'warn',
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error(`vite preview (${configFile}) did not report its URL`);
    return { origin: new URL(url).origin, server };
  } finally {
    process.env.NODE_ENV = nodeEnv;
    delete process.env.BASE_PATH;
  }
}
