import type { Plugin } from 'vite';
import { API_PATTERN } from '../apiPaths';
import { apiProxy } from '../apiProxy';
import type { StatechartAppOptions } from '../options';
import { dependencyUrls } from './dependencyUrls';

/** What appDefaults finds once Vite's config is read, for the server plugins that run later. */
export interface AppServer {
  /** Whether `/api` goes somewhere in this server (the proxy is on). */
  hasApi: boolean;
  /** The development API server's own origin, when this config started it (not a real backend's). */
  devApi: string | undefined;
}

/**
 * The build and server defaults of a statechart app: `BASE_PATH` as Vite's `base`, the `/api`
 * proxy (apiProxy.ts) with no cross-origin access to the dev and preview servers, `?url` imports
 * inside pre-bundled packages (dependencyUrls), es2022 and no modulepreload polyfill.
 */
export function appDefaults(options: StatechartAppOptions, server: AppServer): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'statechart-app',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    async config(_config, { command }) {
      const proxy = command === 'serve' ? await apiProxy(options) : undefined;
      server.hasApi = proxy !== undefined;
      const target = proxy?.[API_PATTERN.source]?.target;
      server.devApi =
        options.startApi && !process.env[options.apiUrlEnv ?? 'API_URL'] && typeof target === 'string'
          ? target
          : undefined;
      return {
        base: process.env.BASE_PATH ?? '/',
        // No cross-origin access to the dev and preview servers (Vite's default admits any
        // localhost origin, so a page on another local port could call /api).
        server: { proxy, cors: false },
        preview: { proxy, cors: false },
        optimizeDeps: {
          rolldownOptions: {
            plugins: [
              dependencyUrls(
                () => root,
                () => base,
              ),
            ],
          },
        },
        build: {
          emptyOutDir: true,
          target: 'es2022',
          // Every browser that runs this es2022 build but Safari 16 preloads modules natively; there
          // a lazy screen's dependencies load one after the other, which the idle preload hides.
          modulePreload: { polyfill: false },
        },
      };
    },
  };
}
