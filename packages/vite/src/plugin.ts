import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';
import type { StatechartAppOptions } from './options';
import { apiPathsOnly } from './plugins/apiPathsOnly';
import { appDefaults, type AppServer } from './plugins/appDefaults';
import { asciiOutput } from './plugins/asciiOutput';
import { callsByHand } from './plugins/callsByHand';
import { contentSecurityPolicy } from './plugins/contentSecurityPolicy';
import { specSamples } from './plugins/samples';
import { securityHeaders } from './plugins/securityHeaders';
import { serveMalformedUrls } from './plugins/serveMalformedUrls';
import { smallPreloadHelper } from './plugins/smallPreloadHelper';

/**
 * The framework's Vite plugin: everything a statechart app's `vite.config.ts` needs, composed.
 * React, the SPA fallback for malformed URLs, security headers, the CSP in the built index.html,
 * the small preload helper, ASCII output, the `/api` proxy, `?url` imports inside pre-bundled
 * packages in the dev server, and the build defaults (es2022, no modulepreload polyfill). `BASE_PATH` sets Vite's `base`, to prove that deep
 * links work under a base path.
 *
 * ```ts
 * export default defineConfig({ plugins: [statechartApp({ startApi: () => startApiServer({ handlers }) })] });
 * ```
 */
export function statechartApp(options: StatechartAppOptions = {}): PluginOption[] {
  const server: AppServer = { hasApi: false, devApi: undefined };
  return [
    react(),
    // First of the servers' middlewares: every answer carries its headers, also those a later
    // middleware ends itself (apiPathsOnly's JSON 404, the /__control redirect).
    securityHeaders(),
    callsByHand(() => server.devApi),
    specSamples(options.spec),
    apiPathsOnly(() => server.hasApi),
    serveMalformedUrls(),
    contentSecurityPolicy(),
    smallPreloadHelper(),
    asciiOutput(),
    appDefaults(options, server),
  ];
}
