import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fault, json, send, shown, type Written } from './answerWriting';
import { answeredByBehaviour, createBehaviours, type Held } from './behaviours';
import { answerControl } from './controlEndpoints';
import { handlerAnswer } from './handlerAnswer';
import { createAnswerMemory, IDEMPOTENCY_KEYS } from './idempotency';
import { Refused } from './requestBody';
import { routesOf } from './routes';

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
 * `/__control/{behave,release,normal,reset,requests}` (controlEndpoints.ts), and a person uses the page at `/__control/`
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

// Where the server's tests have always found it; it lives with the rules it checks (behaviours.ts).
export { ruleProblem } from './behaviours';

/**
 * A request target with a dot segment (`..`, `.`, or either percent-encoded) or a backslash: a URL
 * parser would resolve it to another path (`/api/%2e%2e/__control/behave` is `/__control/behave`),
 * so it is refused before anything routes on it.
 */
export function hasDotSegments(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0] ?? '';
  return path.includes('\\') || path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

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

export async function startApiServer(options: {
  handlers: Handlers;
  port?: number;
  limits?: ApiServerLimits;
}): Promise<ApiServer> {
  const bodyLimit = options.limits?.bodyBytes ?? 1 << 20;
  const routes = routesOf(options.handlers);
  let log: RequestRecord[] = [];
  const behaviours = createBehaviours();
  const memory = createAnswerMemory<Written>(options.limits?.idempotencyKeys ?? IDEMPOTENCY_KEYS);
  const answering = { routes, memory, bodyLimit };

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
      void answerControl(request, response, path, { port, bodyLimit, handle, log: () => log }).catch((error: unknown) =>
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
    const behaviour = behaviours.take(method, path);
    const hold: Held | undefined = behaviour?.kind === 'hold' ? { path, record, response } : undefined;
    if (hold) {
      record.held = true;
      behaviours.hold(hold);
    }
    // A behaviour that replaces the answer does not run the handler (a refused save saves nothing).
    if (answeredByBehaviour(behaviour, request, response)) return;
    handlerAnswer(answering, request, method, url, record)
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
    behave: (rule) => behaviours.behave(rule),
    release: (path) => behaviours.release(path),
    normal: () => {
      behaviours.forgetRules();
      behaviours.release();
    },
    reset: () => {
      behaviours.clear();
      log = [];
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
