import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiServer, RequestRecord, Rule } from './apiServer';
import { json } from './answerWriting';
import { ruleProblem } from './behaviours';
import { controlAllowed } from './controlAccess';
import { controlPanelPage } from './controlPanel';
import { readBody } from './requestBody';

/**
 * The development API server's control endpoints (apiServer.ts), `/__control/{behave,release,
 * normal,reset,requests}` and the page at `/__control/`: what a test in another process, or a
 * person, tells the server. Only this machine's own tools are answered (controlAccess.ts).
 */

/** What the control endpoints act on: the server's handle, its port, its body limit and its log. */
export interface ControlledServer {
  port: number;
  bodyLimit: number;
  handle: ApiServer;
  log: () => RequestRecord[];
}

export async function answerControl(
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  server: ControlledServer,
) {
  const { port, bodyLimit, handle } = server;
  if (!controlAllowed(request.headers, port)) {
    return json(response, 403, { message: 'The control endpoints answer only this machine’s own tools' });
  }
  if (path === '/__control/behave' && request.method === 'POST') {
    const rule = await readBody(request, bodyLimit);
    const problem = ruleProblem(rule);
    if (problem) return json(response, 400, { message: `Not a rule: ${problem}` });
    handle.behave(rule as Rule);
    return json(response, 200, {});
  }
  if (path === '/__control/release' && request.method === 'POST') {
    const body = await readBody(request, bodyLimit);
    const released = (body as { path?: unknown } | undefined)?.path;
    if (released !== undefined && typeof released !== 'string') {
      return json(response, 400, { message: 'Not a release: path is a pathname under /api, or left out for all' });
    }
    handle.release(released);
    return json(response, 200, {});
  }
  if (path === '/__control/' && request.method === 'GET') {
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
    return response.end(controlPanelPage());
  }
  if (path === '/__control/normal' && request.method === 'POST') {
    handle.normal();
    return json(response, 200, {});
  }
  if (path === '/__control/reset' && request.method === 'POST') {
    handle.reset();
    return json(response, 200, {});
  }
  if (path === '/__control/requests') return json(response, 200, server.log());
  json(response, 404, { message: 'Unknown control endpoint' });
}
