import * as v from 'valibot';
import { fromPromise } from 'xstate';

/**
 * What machines know about calls: their names, input and output types (in `setup({ actors })`),
 * and the shape of a failure. No I/O here: the implementations are provided when the app is
 * created (`createApp({ provide: { actors } })`), and tests provide their own.
 */

/**
 * The codes a failed call reports. The error catalogue (packages/calls/src/errors.ts) maps each to a message
 * and a handling; the product's own codes join the list when its calls are specified.
 */
export type KnownCallErrorCode =
  | 'network'
  | 'timeout'
  | 'unknownOutcome'
  | 'savedBefore'
  | 'tooLarge'
  | 'http.404'
  | 'http.429'
  | 'http.4xx'
  | 'http.5xx'
  | 'invalidPayload';

/**
 * What a server answers (422, in the body's `code`) to an Idempotency-Key it saved before with
 * other values: a draft's later submit, edited after an unknown outcome that was in fact saved.
 * The call fails with `savedBefore` (docs/calls.md, "What a real backend must do").
 */
export const IDEMPOTENCY_KEY_REUSED = 'idempotencyKeyReused';

/**
 * What a server answers when it refuses some fields of a request (HTTP 4xx): one entry per field,
 * with a code the form turns into words (`serverFieldErrors`, packages/forms/src/forms.ts). Bounded, so
 * that a hostile or broken body cannot flood the form; any other body is ignored.
 */
const shortString = v.pipe(v.string(), v.maxLength(200));
export const serverFieldErrorsSchema = v.object({
  fieldErrors: v.pipe(v.array(v.object({ field: shortString, code: shortString })), v.maxLength(100)),
});
export type ServerFieldError = v.InferOutput<typeof serverFieldErrorsSchema>['fieldErrors'][number];

/** A failure as the machine keeps it in context: plain data (persistable), never an Error object. */
export interface CallError {
  /** A KnownCallErrorCode, a product code, or 'unknown'. */
  code: KnownCallErrorCode | 'unknown' | (string & {});
  /** The HTTP status, for the http.* codes. */
  status?: number;
  /** The server's field errors, when a refusal carried them (schema-checked by performCall). */
  fieldErrors?: ServerFieldError[];
  /**
   * How long the server asked to wait before trying again (a 429 or 503's `Retry-After`), in
   * milliseconds from the failure: longer than a call waits by itself (RETRY_AFTER_MAX_MS), or
   * said again after the one automatic retry. The screen may show it (`describeError(…).wait`).
   */
  retryAfterMs?: number;
  /**
   * For `savedBefore`: the server's answer to the key's first input sent again (`CallSpec.firstInput`),
   * schema-checked: what that key saved (a record's `{ id }`), so a screen can link to it.
   */
  saved?: unknown;
}

/** Any rejection as a CallError: a thrown Error without a code is 'unknown' (the catalogue's generic entry). */
export function toCallError(error: unknown): CallError {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
    const wait = 'retryAfterMs' in error ? error.retryAfterMs : undefined;
    const fields = v.safeParse(serverFieldErrorsSchema, error);
    return {
      code: error.code,
      ...(status !== undefined && { status }),
      ...(fields.success && fields.output.fieldErrors.length > 0 && { fieldErrors: fields.output.fieldErrors }),
      ...(typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 && { retryAfterMs: wait }),
      ...(error.code === 'savedBefore' && 'saved' in error && error.saved !== undefined && { saved: error.saved }),
    };
  }
  return { code: 'unknown' };
}

/**
 * The placeholder a machine names in `setup({ actors })`: it fixes the call's input and output
 * types and fails, saying which implementation is missing, until the app provides the real one.
 */
export function callPlaceholder<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`The call "${name}" is not provided`)));
}

/**
 * What a machine invokes a save with: the values to send and the submit's Idempotency-Key. The key
 * belongs to the submit, not to the request: it is made when the submit is taken (`submitted` in
 * @statechart/forms), kept in the machine's context, so every Try again of that submit sends
 * the same one and the server answers it with its first answer instead of saving twice; an edit
 * makes the next submit a new one, with a new key. Plain data, like all context.
 */
export interface Submission<T> {
  values: T;
  /** Left out, performCall makes one per call: its own automatic retry shares it, a Try again does not. */
  idempotencyKey?: string;
  /**
   * The values this key was first sent with, when they differ from `values` (an edit after an
   * unknown outcome): a server that saved them refuses these (`savedBefore`), and `firstSubmission`
   * sends them again to learn what was saved.
   */
  sent?: T;
}

/**
 * The submission a key was first sent with (`Submission.sent`), or undefined when it is this one:
 * a save's `CallSpec.firstInput` (`firstInput: firstSubmission`).
 */
export function firstSubmission<T>(submission: Submission<T>): Submission<T> | undefined {
  const { sent, idempotencyKey } = submission;
  if (sent === undefined || idempotencyKey === undefined) return undefined;
  return { values: sent, idempotencyKey };
}

/**
 * A new Idempotency-Key: a random UUID (version 4). Made with `crypto.getRandomValues`, which
 * pages served over plain http (not a secure context, where `randomUUID` is missing) have too.
 * Random, not counted: it must not repeat across page loads, tabs or people.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
