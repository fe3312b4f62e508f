import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { controlAllowed } from './controlAccess';
import { controlPanelPage } from './controlPanel';
import { answerOnce, createAnswerMemory, IDEMPOTENCY_KEYS } from './idempotency';

/**
 * The API server every app's handlers plug into: a real HTTP server (node:http, 127.0.0.1) that
 * answers `/api` requests with the handlers it is given and a JSON 404 for anything else, never
 * the app's index.html. `npm start` and `npm run preview` start it in-process behind Vite's `/api`
 * proxy (vite.config.ts) with the product's handlers (server/handlers.ts); the reference app's
 * handlers (examples/reference/server/api.ts) are one more use of it.
 *
 * Node only: src/ and machines/ may not import server/ (a lint boundary), so none of this can
 * reach the browser build.
 *
 * A test can tell it how to answer any path, whatever the handler: with a delay, an HTTP status,
 * never (hang), an invalid payload, or by dropping the connection; it records every request and
 * whether the client went away before the answer (an aborted fetch closes its connection). Tests
 * in the same process use the handle; others (Vitest workers) use the control endpoints under
 * `/__control/{behave,release,normal,reset,requests}`, and a person uses the page at `/__control/`
 * (controlPanel.ts: the next or every call to a path slow, failing, or never answering, in
 * `npm start`). The app's `/api` proxy never forwards them: it forwards
 * only paths under `/api` once normalised, and this server refuses any path with a dot segment, so
 * no spelling of `/api/../__control` reaches them. They answer only this machine's tools: a foreign
 * `Host` (DNS rebinding) or a browser's cross-site request gets 403 (controlAccess.ts).
 *
 * A handler's bug cannot stop the server (which runs inside `vite` and `vite preview`): a throw, a
 * rejection, no answer, or an answer JSON cannot write (a BigInt, a cycle) is a JSON 500
 * `{ message }` that names the handler, logged with its name.
 *
 * A request that changes data (any method but GET) with an `Idempotency-Key` header is answered
 * once: the same key again, for the same method and path, gets the first answer (status and
 * body) without running the handler again, also while the first is still on its way. The path is
 * taken once normalised (`/api//records/` is `/api/records`) and the body as canonical JSON (its
 * keys in any order). Only a 2xx is kept (a refusal or a failure saved nothing, so running it again
 * is safe); the same key with another body is refused with 422. The last IDEMPOTENCY_KEYS keys are kept (`limits.idempotencyKeys`),
 * the least recently used forgotten first; `reset()` forgets them all. docs/calls.md says what a
 * real backend must do.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler is given: the pattern's params (`:id` → `params.id`, decoded), the query and the JSON body. */
export interface HandlerRequest {
  method: Method;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, undefined when there is none. Check it (valibot) before trusting it. */
  body: unknown;
}

/** A handler's answer: a JSON body (none when left out), 200 unless `status` says otherwise. */
export interface HandlerAnswer {
  status?: number;
  body?: unknown;
}

export type Handler = (request: HandlerRequest) => HandlerAnswer | Promise<HandlerAnswer>;

/**
 * Handlers by `'<METHOD> <path pattern>'`: `'GET /api/things/:id'`. A pattern's segments are
 * literal or `:name` (one segment); the first pattern that matches answers.
 */
export type Handlers = Record<`${Method} /api${string}`, Handler>;

export type Behaviour =
  /** The handler runs at once; its answer is sent `ms` later (a slow save: done, but late). */
  | { kind: 'delay'; ms: number }
  /** This status and body instead of the handler's; `retryAfter` (seconds) sends a Retry-After header. */
  | { kind: 'status'; status: number; body?: unknown; retryAfter?: number }
  | { kind: 'hang' }
  /**
   * The handler runs at once; its answer is sent when `release()` is called for its path (or for
   * all: a release before the request comes lifts the hold), or its connection closed by `reset()`. A test waits on what it tests (the loading state, the saving
   * text) and then lets the answer go, instead of racing a fixed delay against its own waits.
   */
  | { kind: 'hold' }
  /** A 200 with a JSON body of an unexpected shape. */
  | { kind: 'invalid' }
  /** A 200 with an HTML page where JSON was expected (a proxy's error page, an app's index.html). */
  | { kind: 'html' }
  | { kind: 'drop' };

export interface Rule {
  /** A pathname (`/api/records/2`), or `*` for every /api request. */
  path: string;
  /** Only requests with this method; every method when left out. */
  method?: Method;
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
  /** The request's Idempotency-Key header, when it had one. */
  idempotencyKey?: string;
  /** Answered with the first answer to its Idempotency-Key: the handler did not run. */
  replayed?: true;
  /** Its answer is held (a `hold` behaviour) until `release()`. */
  held?: true;
}

export interface ApiServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  behave(rule: Rule): void;
  /**
   * Sends the held answers (`hold`) of requests for `path`, or of every request when left out, and
   * lifts its hold rules: a request that had not come yet is answered at once when it does.
   */
  release(path?: string): void;
  /**
   * Every call answers as its handler says again: the rules are forgotten and held answers sent,
   * the log and the Idempotency-Key answers kept (the panel's "Back to normal", controlPanel.ts).
   */
  normal(): void;
  /** Forgets the rules, the recorded requests, the held answers and the answers kept by Idempotency-Key. */
  reset(): void;
  requests(): RequestRecord[];
  close(): Promise<void>;
}

const isHttpStatus = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;

/** An answer ready to send: its status and its JSON text (none: no body). Written before any byte is sent. */
interface Written {
  status: number;
  text?: string;
}

const send = (response: ServerResponse, { status, text }: Written, headers: Record<string, string> = {}) => {
  const common = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers };
  if (text === undefined) {
    response.writeHead(status, common);
    return response.end();
  }
  response.writeHead(status, { 'content-type': 'application/json', ...common });
  response.end(text);
};

/** The server's own JSON answer (a refusal, the control endpoints'): plain data it made itself. */
const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(response, { status, text: body === undefined ? undefined : JSON.stringify(body) }, headers);

/**
 * A value in words for a message, whatever it is (a thrown object whose toString throws too). An
 * error's first line only: V8 goes on with where it happened (JSON.stringify's cycle quotes the
 * object path, `--- property 'self' closes the circle`), which is the server's structure, not the
 * client's business; the log has the whole error.
 */
function shown(value: unknown): string {
  try {
    if (value instanceof Error) return `${value.name}: ${value.message.split('\n', 1)[0]}`;
    return typeof value === 'object' && value !== null ? Object.prototype.toString.call(value) : String(value);
  } catch {
    return `a ${typeof value} that cannot be shown`;
  }
}

/**
 * A handler's fault (it threw, or its answer cannot be sent): a 500 whose body says which handler
 * and what, the same `{ message }` as every refusal of this server (the client's catalogue reads it
 * as `http.5xx`), and the same words in the log, where the developer looks.
 */
function fault(name: string, what: string, error?: unknown): Written {
  const message = `The handler for ${name} ${what}`;
  try {
    console.error(`API server: ${message}`, ...(error === undefined ? [] : [error]));
  } catch {
    // A console that cannot show the error still leaves the answer to send.
  }
  return { status: 500, text: JSON.stringify({ message }) };
}

/**
 * A handler's answer as it will be sent, or the 500 that says why it cannot be: not an object (no
 * `return`, a null), a status no HTTP client can read (99, 1000), a body JSON cannot write (a
 * BigInt, a cycle, a `toJSON` that throws, a function).
 */
function writeAnswer(name: string, answer: unknown): Written {
  if (typeof answer !== 'object' || answer === null) {
    return fault(name, `answered ${answer === null ? 'null' : typeof answer}, not { status?, body? }`);
  }
  let status: unknown;
  let body: unknown;
  try {
    ({ status = 200, body } = answer as HandlerAnswer);
  } catch (error) {
    return fault(name, `answered an object that cannot be read: ${shown(error)}`, error);
  }
  if (!isHttpStatus(status)) {
    return fault(name, `answered a status no HTTP client reads: ${shown(status)} is not an HTTP status (200 to 599)`);
  }
  if (body === undefined) return { status };
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    return fault(name, `answered a body JSON cannot write: ${shown(error)}`, error);
  }
  return text === undefined ? fault(name, `answered a body JSON cannot write (a ${typeof body})`) : { status, text };
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Why `rule` cannot be followed, or undefined: the control endpoint refuses it with a 400 rather than crash later. */
export function ruleProblem(rule: unknown): string | undefined {
  if (typeof rule !== 'object' || rule === null) return 'a rule is an object';
  const { path, method, times, behaviour } = rule as Record<string, unknown>;
  if (typeof path !== 'string' || !(path === '*' || path.startsWith('/api')))
    return 'path is "*" or a pathname under /api';
  if (method !== undefined && !METHODS.has(method as string)) return `method is one of ${[...METHODS].join(', ')}`;
  if (times !== undefined && !(Number.isInteger(times) && (times as number) > 0))
    return 'times is a whole number above 0';
  if (typeof behaviour !== 'object' || behaviour === null) return 'behaviour is an object with a kind';
  const { kind, ms, status, retryAfter } = behaviour as Record<string, unknown>;
  if (kind === 'delay')
    return typeof ms === 'number' && ms >= 0 && ms <= 600_000 ? undefined : 'a delay is 0 to 600000 ms';
  if (kind === 'status') {
    if (!isHttpStatus(status)) return 'a status is a whole number from 200 to 599';
    if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && (retryAfter as number) >= 0))
      return 'retryAfter is a whole number of seconds';
    return undefined;
  }
  if (kind === 'hang' || kind === 'hold' || kind === 'invalid' || kind === 'html' || kind === 'drop') return undefined;
  return 'behaviour.kind is delay, status, hang, hold, invalid, html or drop';
}

/**
 * A request target with a dot segment (`..`, `.`, or either percent-encoded) or a backslash: a URL
 * parser would resolve it to another path (`/api/%2e%2e/__control/behave` is `/__control/behave`),
 * so it is refused before anything routes on it.
 */
export function hasDotSegments(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return path.includes('\\') || path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** A request the server refuses with its status (400, 413, 415, 422) and a message, before any handler. */
class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A code a client can tell this refusal by (`IDEMPOTENCY_KEY_REUSED`). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * How much of a refused body (over the limit) the server reads, and drops, before it answers 413:
 * a client, or a proxy in front (`vite preview`'s /api, which asks for `connection: close`), writes
 * its body to the end before it reads the answer, and a connection closed under it turns the 413
 * into a broken connection (the proxy's empty 502). Past this, the connection is closed unanswered.
 */
const DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * The request's JSON body, or undefined when there is none. A body is read up to `limit` bytes (a
 * larger one is refused with 413 as soon as it is seen, never buffered: the rest is read and
 * dropped first, up to DRAINED_BYTES, so that the 413 reaches the client) and parsed only when the
 * content type says JSON (415 otherwise: a `text/plain` body is not taken for JSON, which a
 * cross-site form could send without a preflight).
 */
const readBody = async (request: IncomingMessage, limit: number): Promise<unknown> => {
  const tooLarge = async () => {
    let drained = 0;
    await new Promise<void>((resolve) => {
      request.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAINED_BYTES) request.socket.destroy();
      });
      request.once('end', resolve);
      request.once('close', resolve);
      request.resume();
    });
    return new Refused(413, `The request body is over ${limit} bytes`);
  };
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw await tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  const over = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      resolve(true);
    };
    request.on('data', onData);
    request.once('end', () => resolve(false));
    request.once('error', reject);
    // A client gone before its body ended (after 'end', this settles nothing).
    request.once('close', () => reject(new Error('The request closed before its body ended')));
  });
  if (over) throw await tooLarge();
  if (!size) return undefined;
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!/^application\/([\w.+-]+\+)?json$/.test(type)) {
    throw new Refused(415, 'A request body must be JSON, sent with content-type: application/json');
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refused(400, 'The request body is not JSON');
  }
};

/** How much a request may send and how long it may take (a slow upload holds a connection). */
export interface ApiServerLimits {
  /** Bytes of a request body (default 1 MB): past it, 413. */
  bodyBytes?: number;
  /** Milliseconds to receive a request's headers (default 10 s). */
  headersMs?: number;
  /** Milliseconds to receive a whole request (default 30 s). */
  requestMs?: number;
  /** Idempotency-Keys remembered with their first answer (default IDEMPOTENCY_KEYS, least recently used forgotten first). */
  idempotencyKeys?: number;
}

interface Route {
  /** Its key in the handlers, `'POST /api/records'`: how a fault names it. */
  name: string;
  method: string;
  segments: string[];
  handler: Handler;
}

const routesOf = (handlers: Handlers): Route[] =>
  Object.entries(handlers).map(([key, handler]) => {
    const [method = '', pattern = ''] = key.split(' ');
    return { name: key, method, segments: pattern.split('/').filter(Boolean), handler: handler as Handler };
  });

/** The route and params for a request, or why there is none (404, or 405 when only the method differs). */
function match(routes: Route[], method: string, path: string) {
  const segments = path.split('/').filter(Boolean);
  let pathMatched = false;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const fits = route.segments.every((part, i) => {
      const segment = segments[i] ?? '';
      if (!part.startsWith(':')) return part === segment;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      } catch {
        return false;
      }
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  return { status: pathMatched ? 405 : 404 };
}

export async function startApiServer(options: {
  handlers: Handlers;
  port?: number;
  limits?: ApiServerLimits;
}): Promise<ApiServer> {
  const bodyLimit = options.limits?.bodyBytes ?? 1 << 20;
  const routes = routesOf(options.handlers);
  let rules: Rule[] = [];
  let log: RequestRecord[] = [];
  /**
   * Requests under a `hold` behaviour, from their arrival: `send` is set once the handler has
   * answered. Released before that, the answer goes as soon as it is ready.
   */
  interface Held {
    path: string;
    record: RequestRecord;
    response: ServerResponse;
    send?: () => void;
  }
  let held: Held[] = [];
  const memory = createAnswerMemory<Written>(options.limits?.idempotencyKeys ?? IDEMPOTENCY_KEYS);

  const takeRule = (method: string, path: string): Behaviour | undefined => {
    const rule = rules.find((r) => (r.path === '*' || r.path === path) && (!r.method || r.method === method));
    if (!rule) return undefined;
    if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
    return rule.behaviour;
  };

  const control = async (request: IncomingMessage, response: ServerResponse, path: string) => {
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
    if (path === '/__control/requests') return json(response, 200, log);
    json(response, 404, { message: 'Unknown control endpoint' });
  };

  /**
   * The answer, written: a 404/405 with a message when nothing handles the request; the first
   * answer to its Idempotency-Key when it has one that was seen (the handler does not run again);
   * else the handler's, or the 500 of its fault.
   */
  const answer = async (
    request: IncomingMessage,
    method: string,
    url: URL,
    record: RequestRecord,
  ): Promise<Written> => {
    const found = match(routes, method, url.pathname);
    if (!('route' in found) || !found.route) {
      const what = `${method} ${url.pathname}`;
      const message =
        found.status === 405
          ? `${what}: this path takes another method`
          : `Nothing answers ${what}: add a handler for it (server/handlers.ts)`;
      return { status: found.status, text: JSON.stringify({ message }) };
    }
    const body = await readBody(request, bodyLimit);
    const params = found.params ?? {};
    const { handler, name } = found.route;
    const run = async (): Promise<Written> => {
      try {
        const answered: unknown = await handler({
          method: method as Method,
          path: url.pathname,
          params,
          query: url.searchParams,
          body,
        });
        return writeAnswer(name, answered);
      } catch (error) {
        return fault(name, `threw: ${shown(error)}`, error);
      }
    };
    const key = record.idempotencyKey;
    if (key === undefined || method === 'GET') return run();
    const once = answerOnce(memory, { method, path: url.pathname, search: url.search, key, body }, run);
    if ('refused' in once) throw new Refused(once.refused, once.problem, once.code);
    if (once.replayed) record.replayed = true;
    return once.answer;
  };

  const headersMs = options.limits?.headersMs ?? 10_000;
  // How often Node checks the timeouts below (its default, 30 s, would let a slow client stay that long).
  const server = createServer({ connectionsCheckingInterval: Math.min(1_000, headersMs) }, (request, response) => {
    try {
      respond(request, response);
    } catch (error) {
      // Nothing a request sends may stop the server: a bug of ours is this request's 500, logged.
      console.error('API server: a request failed unexpectedly', error);
      if (!response.headersSent) json(response, 500, { message: 'The API server failed on this request' });
      else response.destroy();
    }
  });

  /** Answers one request (the server's listener, guarded). */
  function respond(request: IncomingMessage, response: ServerResponse) {
    const target = request.url ?? '/';
    if (hasDotSegments(target)) return json(response, 400, { message: 'The path has dot segments' });
    // Origin-form targets only (`/path?query`); parsed as a path, so `//host/x` is a path too, not a host.
    let url: URL;
    try {
      if (!target.startsWith('/')) throw new TypeError(target);
      url = new URL(`http://localhost${target}`);
    } catch {
      return json(response, 400, { message: 'The request target is not a path' });
    }
    const path = url.pathname;
    // Decided on the request's own spelling (no dot segments, checked above): only a request for
    // /__control/… itself is a control request, never one that a URL parser would turn into it.
    if (target.startsWith('/__control/')) {
      void control(request, response, path).catch((error: unknown) =>
        json(response, error instanceof Refused ? error.status : 400, { message: String(error) }),
      );
      return;
    }
    const method = request.method ?? 'GET';
    const record: RequestRecord = { method, path, aborted: false, answered: false };
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') record.idempotencyKey = key;
    log.push(record);
    let timer: NodeJS.Timeout | undefined;
    response.on('close', () => {
      clearTimeout(timer);
      record.answered = response.writableFinished;
      record.aborted = !response.writableFinished;
    });
    const behaviour = takeRule(method, path);
    const hold: Held | undefined = behaviour?.kind === 'hold' ? { path, record, response } : undefined;
    if (hold) {
      record.held = true;
      held.push(hold);
    }
    // A behaviour that replaces the answer does not run the handler (a refused save saves nothing).
    if (behaviour?.kind === 'status') {
      const body = behaviour.body ?? { message: `Told to answer ${behaviour.status}` };
      const headers: Record<string, string> =
        behaviour.retryAfter === undefined ? {} : { 'retry-after': String(behaviour.retryAfter) };
      return json(response, behaviour.status, body, headers);
    }
    if (behaviour?.kind === 'invalid') return json(response, 200, { unexpected: 'shape' });
    if (behaviour?.kind === 'html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return response.end('<!doctype html><title>Not the API</title><p>An HTML page where JSON was expected.</p>');
    }
    if (behaviour?.kind === 'drop') return request.socket.destroy();
    if (behaviour?.kind === 'hang') return;
    answer(request, method, url, record)
      .then(
        (written) => {
          if (behaviour?.kind === 'delay') timer = setTimeout(() => send(response, written), behaviour.ms);
          else if (hold && record.held) hold.send = () => send(response, written);
          else if (!hold || !response.destroyed) send(response, written);
        },
        (error: unknown) =>
          error instanceof Refused
            ? json(response, error.status, { message: error.message, ...(error.code && { code: error.code }) })
            : send(response, fault(`${method} ${path}`, `failed: ${shown(error)}`, error)),
      )
      .catch((error: unknown) => {
        console.error(`API server: ${method} ${path} could not be answered`, error);
        response.destroy();
      });
  }

  server.headersTimeout = headersMs;
  server.requestTimeout = options.limits?.requestMs ?? 30_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const handle: ApiServer = {
    url: `http://127.0.0.1:${port}`,
    behave: (rule) => {
      const problem = ruleProblem(rule);
      if (problem) throw new Error(`Not a rule: ${problem}`);
      rules = [{ ...rule }, ...rules];
    },
    release: (path) => {
      // A hold whose request has not come yet is lifted: it is answered at once when it does.
      const lifted = (rule: Rule) => rule.behaviour.kind === 'hold' && (path === undefined || rule.path === path);
      rules = rules.filter((rule) => !lifted(rule));
      const now = held.filter((answer) => path === undefined || answer.path === path);
      held = held.filter((answer) => !now.includes(answer));
      for (const answer of now) {
        delete answer.record.held;
        if (!answer.response.destroyed) answer.send?.();
      }
    },
    normal: () => {
      rules = [];
      handle.release();
    },
    reset: () => {
      rules = [];
      log = [];
      // A held answer nobody will release: its connection is closed, not left open for ever.
      for (const answer of held) answer.response.destroy();
      held = [];
      memory.clear();
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
