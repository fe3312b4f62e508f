import type { IncomingMessage } from 'node:http';
import type { Method, RequestRecord } from './apiServer';
import { fault, shown, writeAnswer, type Written } from './answerWriting';
import { answerOnce, type AnswerMemory } from './idempotency';
import { readBody, Refused } from './requestBody';
import { match, type Route } from './routes';

/** What a handler's answer needs of the development API server (apiServer.ts): its routes, its memory by Idempotency-Key, its body limit. */
export interface AnsweringServer {
  routes: Route[];
  memory: AnswerMemory<Written>;
  bodyLimit: number;
}

/**
 * The answer, written: a 404/405 with a message when nothing handles the request; the first
 * answer to its Idempotency-Key when it has one that was seen (the handler does not run again);
 * else the handler's, or the 500 of its fault.
 */
export async function handlerAnswer(
  server: AnsweringServer,
  request: IncomingMessage,
  method: string,
  url: URL,
  record: RequestRecord,
): Promise<Written> {
  const { routes, memory, bodyLimit } = server;
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
}
