import type { IncomingHttpHeaders } from 'node:http';

/** The names a request for this machine's own loopback server may use in its Host header. */
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Whether a request to the development API server's control endpoints (`/__control/…`) comes from
 * this machine's own tools (a test, by Node's fetch), not from a web page:
 * - its `Host` is the loopback address and port the server listens on: a page on `evil.example`
 *   whose name was made to resolve to 127.0.0.1 (DNS rebinding) sends `Host: evil.example`;
 * - no browser says it comes from another site: a cross-site `POST` without a body needs no
 *   preflight, but the browser sends `Origin` (and `Sec-Fetch-Site`) with it.
 * Node's fetch sends neither `Origin` nor `Sec-Fetch-Site`; a same-origin page sends its own origin.
 */
export function controlAllowed(headers: IncomingHttpHeaders, port: number): boolean {
  const hosts = LOOPBACK.map((name) => `${name}:${port}`);
  if (!headers.host || !hosts.includes(headers.host.toLowerCase())) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  return origin === undefined || hosts.some((host) => origin.toLowerCase() === `http://${host}`);
}
