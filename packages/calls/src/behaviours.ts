import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Behaviour, RequestRecord, Rule } from './apiServer';
import { isHttpStatus, json } from './answerWriting';

/**
 * What a test tells the development API server (apiServer.ts) to do instead of, or around, a
 * handler's answer: the rules by path and method, how many requests each still answers, and the
 * answers held (`hold`) until released.
 */

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
 * A request under a `hold` behaviour, from its arrival: `send` is set once the handler has
 * answered. Released before that, the answer goes as soon as it is ready.
 */
export interface Held {
  path: string;
  record: RequestRecord;
  response: ServerResponse;
  send?: () => void;
}

export interface Behaviours {
  /** The behaviour for this request, if a rule has one (a rule with `times` counts it). */
  take(method: string, path: string): Behaviour | undefined;
  /** A new rule, before the others; throws on one that cannot be followed (`ruleProblem`). */
  behave(rule: Rule): void;
  hold(answer: Held): void;
  /** Sends the held answers for `path` (all when left out) and lifts its hold rules. */
  release(path?: string): void;
  /** Forgets every rule. */
  forgetRules(): void;
  /** Forgets every rule, and closes the connections of held answers nobody will release. */
  clear(): void;
}

export function createBehaviours(): Behaviours {
  let rules: Rule[] = [];
  let held: Held[] = [];
  return {
    take: (method, path) => {
      const rule = rules.find((r) => (r.path === '*' || r.path === path) && (!r.method || r.method === method));
      if (!rule) return undefined;
      if (rule.times !== undefined && --rule.times <= 0) rules = rules.filter((r) => r !== rule);
      return rule.behaviour;
    },
    behave: (rule) => {
      const problem = ruleProblem(rule);
      if (problem) throw new Error(`Not a rule: ${problem}`);
      rules = [{ ...rule }, ...rules];
    },
    hold: (answer) => void held.push(answer),
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
    forgetRules: () => {
      rules = [];
    },
    clear: () => {
      rules = [];
      // A held answer nobody will release: its connection is closed, not left open for ever.
      for (const answer of held) answer.response.destroy();
      held = [];
    },
  };
}

/**
 * Answers a request as its behaviour says when that replaces the handler's answer (a status, an
 * invalid payload, an HTML page, a dropped connection, no answer at all): true when it did, and
 * the handler does not run (a refused save saves nothing).
 */
export function answeredByBehaviour(
  behaviour: Behaviour | undefined,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (behaviour?.kind === 'status') {
    const body = behaviour.body ?? { message: `Told to answer ${behaviour.status}` };
    const headers: Record<string, string> =
      behaviour.retryAfter === undefined ? {} : { 'retry-after': String(behaviour.retryAfter) };
    json(response, behaviour.status, body, headers);
    return true;
  }
  if (behaviour?.kind === 'invalid') {
    json(response, 200, { unexpected: 'shape' });
    return true;
  }
  if (behaviour?.kind === 'html') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end('<!doctype html><title>Not the API</title><p>An HTML page where JSON was expected.</p>');
    return true;
  }
  if (behaviour?.kind === 'drop') {
    request.socket.destroy();
    return true;
  }
  return behaviour?.kind === 'hang';
}
