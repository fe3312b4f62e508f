import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_REUSED } from './machine';

/**
 * The development API server's memory of answers by Idempotency-Key (apiServer.ts), Node only: what a save
 * answered first, so that the same submit sent again (a Try again after a timeout) is answered
 * the same without running its handler twice. Bounded: at most `capacity` keys, the least recently
 * used forgotten first, so a long `npm start` session cannot grow it without end.
 */

/** How many keys the development API server remembers by default (`limits.idempotencyKeys`). */
export const IDEMPOTENCY_KEYS = 500;

/** The longest Idempotency-Key the server takes (a UUID is 36 characters); a longer one is refused. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** A key's first request: what it sent (to refuse the key with another body) and its answer, maybe still on its way. */
export interface Remembered<A> {
  fingerprint: string;
  answer: Promise<A>;
}

export interface AnswerMemory<A> {
  /** The entry for `id`, which becomes the most recently used. */
  get(id: string): Remembered<A> | undefined;
  set(id: string, entry: Remembered<A>): void;
  /** Forgets `id` if it still holds `entry` (a failed first answer is not kept). */
  forget(id: string, entry: Remembered<A>): void;
  clear(): void;
  readonly size: number;
}

export function createAnswerMemory<A>(capacity: number = IDEMPOTENCY_KEYS): AnswerMemory<A> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Remembered<A>>();
  return {
    get(id) {
      const entry = entries.get(id);
      if (entry) {
        entries.delete(id);
        entries.set(id, entry);
      }
      return entry;
    },
    set(id, entry) {
      entries.delete(id);
      entries.set(id, entry);
      for (const oldest of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(oldest);
      }
    },
    forget(id, entry) {
      if (entries.get(id) === entry) entries.delete(id);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/**
 * A path as the server routes it: empty segments dropped (`/api//records/` is `/api/records`), each
 * segment's percent-encoding made canonical (`%6eotes` is `notes`; an encoded slash stays one).
 */
export function normalisedPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `/${segments
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment));
      } catch {
        return segment;
      }
    })
    .join('/')}`;
}

/** JSON with every object's keys in order: the same body, its keys in any order, is the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** What identifies a request that changes data, and what it sent. */
export interface KeyedRequest {
  method: string;
  path: string;
  /** The query string, part of what was sent. */
  search: string;
  key: string;
  body: unknown;
}

/**
 * Answers a request with an Idempotency-Key once: the first with `run()` (kept while it is on its
 * way, and after if it is a 2xx), any later one with the same key, method and path (normalised:
 * `normalisedPath`) with that same answer (`replayed`). Refused with 400 when the key is not 1 to 255 visible ASCII characters, and
 * with 422 when it was sent before with another body or query (compared as canonical JSON: keys
 * in another order are the same body; another body is a client's bug: a new submit needs a new key).
 */
export function answerOnce<A extends { status?: number }>(
  memory: AnswerMemory<A>,
  request: KeyedRequest,
  run: () => Promise<A>,
): { refused: 400 | 422; problem: string; code?: string } | { answer: Promise<A>; replayed: boolean } {
  const { method, path, search, key, body } = request;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    return {
      refused: 400,
      problem: `An Idempotency-Key is 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters`,
    };
  }
  const id = `${method} ${normalisedPath(path)} ${key}`;
  const fingerprint = createHash('sha256')
    .update(canonicalJson([search, body ?? null]))
    .digest('hex');
  const seen = memory.get(id);
  if (seen) {
    if (seen.fingerprint === fingerprint) return { answer: seen.answer, replayed: true };
    return {
      refused: 422,
      problem: 'This Idempotency-Key was sent before with another body',
      code: IDEMPOTENCY_KEY_REUSED,
    };
  }
  const entry: Remembered<A> = { fingerprint, answer: run() };
  memory.set(id, entry);
  // Only a save is kept: a refusal or a failure saved nothing, and running it again is safe.
  entry.answer.then(
    (answer) => {
      const status = (answer as { status?: unknown } | undefined)?.status ?? 200;
      if (typeof status !== 'number' || status < 200 || status > 299) memory.forget(id, entry);
    },
    () => memory.forget(id, entry),
  );
  return { answer: entry.answer, replayed: false };
}
