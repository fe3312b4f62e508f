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
export type KnownCallErrorCode = 'network' | 'timeout' | 'http.404' | 'http.4xx' | 'http.5xx' | 'invalidPayload';

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
}

/** Any rejection as a CallError: a thrown Error without a code is 'unknown' (the catalogue's generic entry). */
export function toCallError(error: unknown): CallError {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined;
    const fields = v.safeParse(serverFieldErrorsSchema, error);
    return {
      code: error.code,
      ...(status !== undefined && { status }),
      ...(fields.success && fields.output.fieldErrors.length > 0 && { fieldErrors: fields.output.fieldErrors }),
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
