import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview, type InlineConfig, type PluginOption } from 'vite';

export interface ServedApp {
  origin: string;
  outDir: string;
  close(): Promise<void>;
}

/**
 * Builds an app with Vite's JS API into a temp dir, as it ships (NODE_ENV=production), and serves
 * it with `vite preview` on a free port (SPA fallback: deep links get index.html).
 * Without `root`, the product (vite.config.ts); with `root`, a plain app there (React plugin and
 * the `plugins` given).
 */
export async function buildAndServe(
  options: { root?: string; mode?: string; define?: Record<string, string>; plugins?: PluginOption[] } = {},
): Promise<ServedApp> {
  const outDir = mkdtempSync(join(tmpdir(), 'app-'));
  const config: InlineConfig = {
    ...(options.root
      ? { configFile: false as const, root: options.root, plugins: [react(), ...(options.plugins ?? [])] }
      : {}),
    mode: options.mode ?? 'production',
    logLevel: 'warn',
    define: options.define,
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  };
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(config);
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({ ...config, preview: { port: 0, host: '127.0.0.1', strictPort: false } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report its URL');
  return {
    origin: new URL(url).origin,
    outDir,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
