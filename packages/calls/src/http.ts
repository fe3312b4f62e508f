import * as v from 'valibot';
import type { CallError, KnownCallErrorCode, ServerFieldError } from './machine';
import { IDEMPOTENCY_KEY_REUSED, newIdempotencyKey, serverFieldErrorsSchema } from './machine';
import { readPayload } from './payload';
import { retryAfterMs } from './retryAfter';

/**
 * How a call is made: the one place that touches fetch. A call is described once (method, path
 * shape, response schema, timeout, freshness) by `defineCall` in src/api/calls.ts, and becomes the
 * invoked actor a machine names by `callActor` (packages/calls/src/cache.ts). The actor passes its
 * AbortSignal to fetch: leaving the invoking state aborts it.
 */

export type Schema<T> = v.GenericSchema<unknown, T>;

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallSpec<TInput, TOutput> {
  method: CallMethod;
  /** The same-origin path, from the call's input: `({ id }) => \`/api/records/${id}\``. */
  path: (input: TInput) => string;
  /** The request body, sent as JSON. */
  body?: (input: TInput) => unknown;
  /**
   * What a 2xx answer must look like; anything else fails with `invalidPayload`. An answer without
   * a body (204, or an empty 201) is `undefined` here: `v.undefined()` or `v.optional(…)` accept it.
   */
  response: Schema<TOutput>;
  /**
   * The Idempotency-Key of a call that changes data (any method but GET), from its input: the
   * submit's key (`(input) => input.idempotencyKey`, a `Submission`), the same for every Try again
   * of one submit. Left out, or undefined, each call makes its own.
   */
  idempotencyKey?: (input: TInput) => string | undefined;
  /**
   * The input this call's Idempotency-Key was first sent with, when it may differ from `input` (a
   * form edited after an unknown outcome: `firstSubmission` for a `Submission`). When the server
   * refuses the key for other input (`savedBefore`), that first input is sent again, same key and
   * body: the server answers with what it saved, and the failure carries it (`saved`), so the screen
   * can link to it. Left out, or undefined, the failure comes without it.
   */
  firstInput?: (input: TInput) => TInput | undefined;
  /**
   * Milliseconds before the call gives up waiting: `timeout`, or `unknownOutcome` for a call that
   * changes data (the request may have been saved). Each attempt has its own (see RETRY_AFTER_MAX_MS).
   */
  timeoutMs?: number;
  /**
   * How long an answer stays fresh, in milliseconds: entering a state that invokes this call
   * again with the same input within that time shows the answer at once, with no request; a
   * link to that state warms it on hover or focus. Left out: every entry asks the server (the
   * default for anything that changes data). Only for calls whose answer depends on the input alone.
   */
  freshForMs?: number;
  /**
   * The call's name, by which another call's `invalidates` names it: set by `defineCalls` from
   * its key (`listRecords`), or here for a call defined alone.
   */
  name?: string;
  /**
   * The kept answers this call makes stale when it succeeds (a save and the list it changes): call
   * names (every kept answer of that call), or `{ call, input }` for the answer to one input (the
   * detail of the record saved). A function gets the call's input, for the params that matter:
   * `({ id }) => ['listRecords', { call: 'getRecord', input: { id } }]`.
   * Stale answers are dropped at once, and those that were kept are fetched again in the
   * background, so the next visit shows the fresh answer (docs/calls.md, "Saves refresh what they change").
   */
  invalidates?: readonly StaleTarget[] | ((input: TInput) => readonly StaleTarget[]);
}

/** A kept answer a call makes stale: every answer of the call of that name, or its answer to one input. */
export type StaleTarget = string | { call: string; input: unknown };

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The longest `Retry-After` (a 429 or 503's) that a call waits for by itself before its one
 * automatic retry. A longer one fails at once with the wait on the error (`retryAfterMs`), for the
 * screen to show; a second 429 or 503 fails too: a call never loops.
 */
export const RETRY_AFTER_MAX_MS = 5_000;

/** Spelled out so that the input and output types are inferred once, from the path and schema. */
export const defineCall = <TInput, TOutput>(spec: CallSpec<TInput, TOutput>): CallSpec<TInput, TOutput> => spec;

/**
 * An app's calls by name (`{ listRecords: defineCall(…), saveRecord: defineCall(…) }`): each is
 * named by its key, so `invalidates: ['listRecords']` finds it. A name in a list of `invalidates`
 * that is not one of the keys is refused here, at start, rather than ignored at the first save.
 */
export function defineCalls<T extends Record<string, Pick<CallSpec<never, never>, 'name'> & { invalidates?: unknown }>>(
  calls: T,
): T {
  for (const [name, spec] of Object.entries(calls)) {
    if (spec.name !== undefined && spec.name !== name) {
      throw new Error(
        `defineCalls: the call under "${name}" is named "${spec.name}": leave its name out, or use it as its key`,
      );
    }
    spec.name = name;
    if (!Array.isArray(spec.invalidates)) continue;
    for (const target of spec.invalidates as StaleTarget[]) {
      const called = typeof target === 'string' ? target : target.call;
      if (!(called in calls)) {
        throw new Error(
          `defineCalls: "${name}" invalidates "${called}", which is not one of its calls (${Object.keys(calls).join(', ')}): name one of them`,
        );
      }
    }
  }
  return calls;
}

/** Any method but GET changes data: it carries an Idempotency-Key, and its timeout is an unknown outcome. */
export const changesData = (method: CallMethod): boolean => method !== 'GET';

/** A failed call: its code is what the error catalogue and the machine's context know. */
export class CallFailure extends Error implements CallError {
  readonly retryAfterMs?: number;
  /** For `savedBefore`: what the key saved, the answer to its first input sent again (`CallSpec.firstInput`). */
  readonly saved?: unknown;

  constructor(
    readonly code: KnownCallErrorCode,
    readonly status?: number,
    /** The server's field errors, when a 4xx body had them (schema-checked). */
    readonly fieldErrors?: ServerFieldError[],
    more: {
      /** The server's Retry-After, when it was too long to wait for. */
      retryAfterMs?: number;
      /** Why, for the developer reading the console (not shown to people). */
      reason?: string;
      /** What a `savedBefore` key saved. */
      saved?: unknown;
    } = {},
  ) {
    const what = status === undefined ? `Call failed: ${code}` : `Call failed: ${code} (HTTP ${status})`;
    super(more.reason === undefined ? what : `${what}: ${more.reason}`);
    this.name = 'CallFailure';
    if (more.retryAfterMs !== undefined) this.retryAfterMs = more.retryAfterMs;
    if (more.saved !== undefined) this.saved = more.saved;
  }
}

/**
 * The field errors of a refusal's body: `{ fieldErrors: [{ field, code }] }` and nothing else is
 * taken (bounded, strings only); any other body is ignored, never trusted.
 */
function fieldErrorsOf(body: unknown): ServerFieldError[] | undefined {
  const parsed = v.safeParse(serverFieldErrorsSchema, body);
  return parsed.success && parsed.output.fieldErrors.length ? parsed.output.fieldErrors : undefined;
}

const keyReusedSchema = v.object({ code: v.literal(IDEMPOTENCY_KEY_REUSED) });

const statusCode = (status: number): KnownCallErrorCode =>
  status === 404
    ? 'http.404'
    : status === 413
      ? 'tooLarge'
      : status === 429
        ? 'http.429'
        : status >= 500
          ? 'http.5xx'
          : 'http.4xx';

/**
 * A gateway's answer that its upstream failed or took too long (502, 504): the request went on to
 * the server, which may have carried it out before the connection dropped.
 */
const isGatewayFailure = (status: number) => status === 502 || status === 504;

/**
 * The failure of a non-2xx answer, with the field errors of a 4xx and the wait of a 429 or 503. A
 * 502 or 504 to a call that changes data is an unknown outcome (it may have been saved).
 */
async function failureOf(response: Response, method: CallMethod): Promise<CallFailure> {
  const { status } = response;
  if (changesData(method) && isGatewayFailure(status)) return new CallFailure('unknownOutcome', status);
  const body: unknown = status >= 400 && status < 500 ? await response.json().catch(() => undefined) : undefined;
  if (status === 422 && changesData(method) && v.is(keyReusedSchema, body))
    return new CallFailure('savedBefore', status);
  const wait = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : undefined;
  return new CallFailure(statusCode(status), status, fieldErrorsOf(body), { retryAfterMs: wait });
}

interface CallOptions {
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** One request: the payload, or a CallFailure; the caller's abort is passed on as it came. */
async function attempt<TInput, TOutput>(
  spec: CallSpec<TInput, TOutput>,
  input: TInput,
  key: string | undefined,
  options: CallOptions,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(spec.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const body = spec.body?.(input);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (key !== undefined) headers['idempotency-key'] = key;
  try {
    const response = await (options.fetch ?? fetch)(spec.path(input), {
      method: spec.method,
      signal,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await failureOf(response, spec.method);
    const read = await readPayload(response);
    if ('problem' in read) throw new CallFailure('invalidPayload', undefined, undefined, { reason: read.problem });
    return read.payload;
  } catch (error) {
    if (error instanceof CallFailure) throw error;
    // The request may have reached the server and been carried out: for a call that changes data
    // that is not a failure but an unknown outcome, which Try again settles with the same key.
    if (timeout.aborted) throw new CallFailure(changesData(spec.method) ? 'unknownOutcome' : 'timeout');
    // Aborted by the caller (the state was left): nobody listens; pass the abort on.
    if (options.signal?.aborted) throw error;
    // A connection that failed may have failed after the request left (a drop before the answer):
    // the browser does not say which, so for a call that changes data it is an unknown outcome too.
    throw new CallFailure(changesData(spec.method) ? 'unknownOutcome' : 'network');
  }
}

/** Waits `ms`, unless the caller aborts first (then rejects with the abort's reason). */
const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

/** The payload checked by the call's response schema, or the invalidPayload failure that says why not. */
function checked<TInput, TOutput>(spec: CallSpec<TInput, TOutput>, payload: unknown): TOutput {
  const parsed = v.safeParse(spec.response, payload);
  if (parsed.success) return parsed.output;
  const reason =
    payload === undefined
      ? 'the answer had no body, and the call’s response schema needs one'
      : 'the answer does not match the call’s response schema';
  throw new CallFailure('invalidPayload', undefined, undefined, { reason });
}

/**
 * A `savedBefore` with what the key saved: its first input (`firstInput`) sent again, same key and
 * body, which the server answers with its first answer. Any failure of that leaves the refusal as it was.
 */
async function withSaved<TInput, TOutput>(
  spec: CallSpec<TInput, TOutput>,
  refusal: CallFailure,
  first: TInput,
  key: string | undefined,
  options: CallOptions,
): Promise<CallFailure> {
  try {
    const saved = checked(spec, await attempt(spec, first, key, options));
    return saved === undefined ? refusal : new CallFailure('savedBefore', refusal.status, undefined, { saved });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return refusal;
  }
}

/**
 * Performs a call: resolves with the validated payload or rejects with a CallFailure. A call that
 * changes data sends an Idempotency-Key (its input's, or one made here), the same on its automatic
 * retry; a 429 or 503 whose Retry-After is at most RETRY_AFTER_MAX_MS is tried once more after it.
 * A `savedBefore` of a call with `firstInput` sends that input once more, to say what was saved.
 */
export async function performCall<TInput, TOutput>(
  spec: CallSpec<TInput, TOutput>,
  input: TInput,
  options: CallOptions = {},
): Promise<TOutput> {
  const key = changesData(spec.method) ? (spec.idempotencyKey?.(input) ?? newIdempotencyKey()) : undefined;
  let payload: unknown;
  try {
    payload = await attempt(spec, input, key, options);
  } catch (error) {
    const first = error instanceof CallFailure && error.code === 'savedBefore' ? spec.firstInput?.(input) : undefined;
    if (first !== undefined) throw await withSaved(spec, error as CallFailure, first, key, options);
    const retryAfter = error instanceof CallFailure ? error.retryAfterMs : undefined;
    if (retryAfter === undefined || retryAfter > RETRY_AFTER_MAX_MS) throw error;
    await wait(retryAfter, options.signal);
    payload = await attempt(spec, input, key, options);
  }
  return checked(spec, payload);
}
