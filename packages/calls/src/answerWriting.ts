import type { ServerResponse } from 'node:http';
import type { HandlerAnswer } from './apiServer';

/**
 * How the development API server (apiServer.ts) writes an answer: its own JSON, a handler's answer
 * made ready to send before any byte goes (or the 500 that says why it cannot be), and the headers
 * every answer carries.
 */

export const isHttpStatus = (status: unknown): status is number =>
  typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;

/** An answer ready to send: its status and its JSON text (none: no body). Written before any byte is sent. */
export interface Written {
  status: number;
  text?: string;
}

export const send = (response: ServerResponse, { status, text }: Written, headers: Record<string, string> = {}) => {
  const common = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...headers };
  if (text === undefined) {
    response.writeHead(status, common);
    return response.end();
  }
  response.writeHead(status, { 'content-type': 'application/json', ...common });
  response.end(text);
};

/** The server's own JSON answer (a refusal, the control endpoints'): plain data it made itself. */
export const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  send(response, { status, text: body === undefined ? undefined : JSON.stringify(body) }, headers);

/**
 * A value in words for a message, whatever it is (a thrown object whose toString throws too). An
 * error's first line only: V8 goes on with where it happened (JSON.stringify's cycle quotes the
 * object path, `--- property 'self' closes the circle`), which is the server's structure, not the
 * client's business; the log has the whole error.
 */
export function shown(value: unknown): string {
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
export function fault(name: string, what: string, error?: unknown): Written {
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
export function writeAnswer(name: string, answer: unknown): Written {
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
