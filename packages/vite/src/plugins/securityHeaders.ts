import type { Connect, Plugin } from 'vite';

/**
 * Headers the dev and preview servers send with every answer, as a careful host would: no MIME
 * sniffing, and no framing by another origin. frame-ancestors cannot be set by the CSP meta tag, so
 * it goes as a header policy of its own (X-Frame-Options for older browsers); the rest of the
 * policy stays in the built index.html (a second copy in a header would report every violation twice).
 */
export function securityHeaders(): Plugin {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
  };
  const add: Connect.NextHandleFunction = (_request, response, next) => {
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    next();
  };
  return {
    name: 'security-headers',
    configureServer: (server) => void server.middlewares.use(add),
    configurePreviewServer: (server) => void server.middlewares.use(add),
  };
}
