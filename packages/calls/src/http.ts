import * as v from 'valibot';
import type { CallError, KnownCallErrorCode, ServerFieldError } from './machine';
import { serverFieldErrorsSchema } from './machine';

/**
 * How a call is made: the one place that touches fetch. A call is described once (method, path
 * shape, response schema, timeout, freshness) by `defineCall` in src/api/calls.ts, and becomes the
 * invoked actor a machine names by `callActor` (packages/calls/src/cache.ts). The actor passes its
 * AbortSignal to fetch: leaving the invoking state aborts it.
 */

type Schema<T> = v.GenericSchema<unknown, T>;

export interface CallSpec<TInput, TOutput> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The same-origin path, from the call's input: `({ id }) => \`/api/records/${id}\``. */
  path: (input: TInput) => string;
  /** The request body, sent as JSON. */
  body?: (input: TInput) => unknown;
  /** What a 2xx answer must look like; anything else fails with `invalidPayload`. */
  response: Schema<TOutput>;
  /** Milliseconds before the call fails with `timeout`. */
  timeoutMs?: number;
  /**
   * How long an answer stays fresh, in milliseconds: entering a state that invokes this call
   * again with the same input within that time shows the answer at once, with no request; a
   * link to that state warms it on hover or focus. Left out: every entry asks the server (the
   * default for anything that changes data). Only for calls whose answer depends on the input alone.
   */
  freshForMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** Spelled out so that the input and output types are inferred once, from the path and schema. */
export const defineCall = <TInput, TOutput>(spec: CallSpec<TInput, TOutput>): CallSpec<TInput, TOutput> => spec;

/** A failed call: its code is what the error catalogue and the machine's context know. */
export class CallFailure extends Error implements CallError {
  constructor(
    readonly code: KnownCallErrorCode,
    readonly status?: number,
    /** The server's field errors, when a 4xx body had them (schema-checked). */
    readonly fieldErrors?: ServerFieldError[],
  ) {
    super(status === undefined ? `Call failed: ${code}` : `Call failed: ${code} (HTTP ${status})`);
    this.name = 'CallFailure';
  }
}

/**
 * The field errors of a refusal's body: `{ fieldErrors: [{ field, code }] }` and nothing else is
 * taken (bounded, strings only); any other body is ignored, never trusted.
 */
async function fieldErrorsOf(response: Response): Promise<ServerFieldError[] | undefined> {
  if (response.status < 400 || response.status >= 500) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = v.safeParse(serverFieldErrorsSchema, body);
  return parsed.success && parsed.output.fieldErrors.length ? parsed.output.fieldErrors : undefined;
}

const statusCode = (status: number): KnownCallErrorCode =>
  status === 404 ? 'http.404' : status >= 500 ? 'http.5xx' : 'http.4xx';

/** Performs a call: resolves with the validated payload or rejects with a CallFailure. */
export async function performCall<TInput, TOutput>(
  spec: CallSpec<TInput, TOutput>,
  input: TInput,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<TOutput> {
  const timeout = AbortSignal.timeout(spec.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const body = spec.body?.(input);
  let response: Response;
  let payload: unknown;
  try {
    response = await (options.fetch ?? fetch)(spec.path(input), {
      method: spec.method,
      signal,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new CallFailure(statusCode(response.status), response.status, await fieldErrorsOf(response));
    }
    payload = await response.json().catch(() => {
      // Aborted while reading the body: not a payload problem.
      if (signal.aborted) throw signal.reason;
      throw new CallFailure('invalidPayload');
    });
  } catch (error) {
    if (error instanceof CallFailure) throw error;
    if (timeout.aborted) throw new CallFailure('timeout');
    // Aborted by the caller (the state was left): nobody listens; pass the abort on.
    if (options.signal?.aborted) throw error;
    throw new CallFailure('network');
  }
  const parsed = v.safeParse(spec.response, payload);
  if (!parsed.success) throw new CallFailure('invalidPayload');
  return parsed.output;
}
