import type { IncomingMessage } from 'node:http';

/**
 * How the development API server (apiServer.ts) reads a request's body: bounded, JSON only, and the
 * refusals (413, 415, 400) it answers before any handler runs.
 */

/** A request the server refuses with its status (400, 413, 415, 422) and a message, before any handler. */
export class Refused extends Error {
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
export const readBody = async (request: IncomingMessage, limit: number): Promise<unknown> => {
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
