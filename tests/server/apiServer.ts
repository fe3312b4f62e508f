import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The reference API: a real HTTP server on 127.0.0.1 for the reference app in development
 * (`npm run start:reference` starts it inside Vite) and in tests (port 0). It serves neutral
 * placeholder records and can be told, per test, how to answer: with a delay, an HTTP status,
 * never (hang), an invalid payload, or by dropping the connection. It records every request and
 * whether the client went away before the answer (an aborted fetch closes its connection).
 *
 * Tests in the same process use the handle; tests in other processes (Vitest workers) use the
 * control endpoints under /__control, which the app's /api proxy never forwards.
 */

export interface ApiRecord {
  id: number;
  name: string;
}

export const apiRecords: ApiRecord[] = [1, 2, 3].map((id) => ({ id, name: `Record ${id}` }));

export type Behaviour =
  | { kind: 'delay'; ms: number }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'invalid' }
  | { kind: 'drop' };

export interface Rule {
  /** A pathname (`/api/records/2`), or `*` for every /api request. */
  path: string;
  behaviour: Behaviour;
  /** How many requests it answers; every one until `reset()` when left out. */
  times?: number;
}

export interface RequestRecord {
  method: string;
  path: string;
  /** The client closed the connection before the answer was complete. */
  aborted: boolean;
  answered: boolean;
}

export interface ApiServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  behave(rule: Rule): void;
  /** Forgets the rules and the recorded requests. */
  reset(): void;
  requests(): RequestRecord[];
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
};

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
};

/** The payload of a reference endpoint, or undefined when the path names nothing. */
function answer(path: string): { status: number; body: unknown } {
  if (path === '/api/records') return { status: 200, body: apiRecords };
  const match = /^\/api\/records\/([^/]+)$/.exec(path);
  const record = match ? apiRecords.find((r) => String(r.id) === match[1]) : undefined;
  return record ? { status: 200, body: record } : { status: 404, body: { message: 'No such record' } };
}

export async function startApiServer(options: { port?: number } = {}): Promise<ApiServer> {
  let rules: Rule[] = [];
  let log: RequestRecord[] = [];

  const takeRule = (path: string): Behaviour | undefined => {
    const rule = rules.find((r) => r.path === '*' || r.path === path);
    if (!rule) return undefined;
    if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
    return rule.behaviour;
  };

  const control = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (path === '/__control/behave' && request.method === 'POST') {
      handle.behave((await readBody(request)) as Rule);
      return json(response, 200, {});
    }
    if (path === '/__control/reset' && request.method === 'POST') {
      handle.reset();
      return json(response, 200, {});
    }
    if (path === '/__control/requests') return json(response, 200, log);
    json(response, 404, { message: 'Unknown control endpoint' });
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path.startsWith('/__control/')) {
      void control(request, response, path).catch((error: unknown) => json(response, 400, { message: String(error) }));
      return;
    }
    const record: RequestRecord = { method: request.method ?? 'GET', path, aborted: false, answered: false };
    log.push(record);
    let timer: NodeJS.Timeout | undefined;
    response.on('close', () => {
      clearTimeout(timer);
      record.answered = response.writableFinished;
      record.aborted = !response.writableFinished;
    });
    const behaviour = takeRule(path);
    const { status, body } = answer(path);
    if (!behaviour) return json(response, status, body);
    switch (behaviour.kind) {
      case 'delay':
        timer = setTimeout(() => json(response, status, body), behaviour.ms);
        return;
      case 'status':
        return json(response, behaviour.status, { message: `Told to answer ${behaviour.status}` });
      case 'invalid':
        return json(response, 200, { unexpected: 'shape' });
      case 'drop':
        request.socket.destroy();
        return;
      case 'hang':
        return;
    }
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const handle: ApiServer = {
    url: `http://127.0.0.1:${port}`,
    behave: (rule) => {
      rules = [{ ...rule }, ...rules];
    },
    reset: () => {
      rules = [];
      log = [];
    },
    requests: () => log.map((r) => ({ ...r })),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  // A dev server that exits must not be kept alive by its API.
  server.unref();
  return handle;
}
