import { fromPromise, type PromiseActorLogic } from 'xstate';
import { performCall, type CallSpec, type StaleTarget } from './http';
import { registerWarmable } from '@statechart/core/internal';

/**
 * Answers kept for as long as their call says they stay fresh (`freshForMs`), and the invoked
 * actor that uses them. A state that invokes a call whose answer for the same input is fresh is
 * done at once: the actor starts already done with the answer (XState relays its done event in
 * the same `send`), so Back to a list shows it with no request and no pending state rendered.
 * Once stale, the call is made again; the view shows what its context still holds meanwhile
 * (docs/calls.md, "Back shows data at once"). A warmed call (a link hovered or focused) is the
 * same entry: the actor joins its request in flight instead of making a second one. A request is
 * aborted when the last actor waiting for it leaves its state, whoever started it: a click always
 * hovers first, so the call of a screen entered by a click is a warm-up, and leaving that screen
 * must cancel it as it cancels a call started on entry. A warm-up nobody has joined yet runs on
 * (it is fetching what the next screen needs; its timeout bounds it).
 *
 * Why a cache beside the machine and not in it: freshness is a property of the server's answer
 * (how often it changes), not of navigation; the machine still says when a screen loads, and a
 * machine test provides its own actor, which never sees this cache.
 */

/** A request on its way, and how many actors wait for it: the last one to leave aborts it. */
interface Flight {
  request: Promise<unknown>;
  abort: AbortController;
  waiting: number;
}

interface Entry {
  /** The answer and when it arrived, once it has. */
  value?: { output: unknown; at: number };
  /** The request in flight. */
  inflight?: Flight;
  /** Asks again for the same call and input, with the fetch its last request used (a save's refresh). */
  refetch?: () => void;
}

export interface CallCache {
  /** The fresh answer for this call and input, if there is one. */
  fresh<I, O>(spec: CallSpec<I, O>, input: I): { output: O } | undefined;
  /** Makes the call (or joins the one in flight) and keeps its answer if the call has a freshness. */
  get<I, O>(spec: CallSpec<I, O>, input: I, options?: { signal?: AbortSignal; fetch?: typeof fetch }): Promise<O>;
  /** Starts the call ahead of need, unless its answer is fresh or on its way. Failures are forgotten. */
  warm<I, O>(spec: CallSpec<I, O>, input: I, options?: { fetch?: typeof fetch }): void;
  /**
   * Makes kept answers stale (a save's `invalidates`): each is dropped, a request in flight for it
   * is no longer joined nor kept, and an answer that was kept is fetched again in the background.
   */
  invalidate(targets: readonly StaleTarget[]): void;
  clear(): void;
}

const keyOf = (input: unknown): string => JSON.stringify(input) ?? '';

export function createCallCache(now: () => number = () => Date.now()): CallCache {
  // Specs are module constants, a handful per app: a plain Map is bounded by them and their inputs.
  const entries = new Map<object, Map<string, Entry>>();
  const entryOf = (spec: object, input: unknown): Entry => {
    let byInput = entries.get(spec);
    if (!byInput) entries.set(spec, (byInput = new Map()));
    const key = keyOf(input);
    let entry = byInput.get(key);
    if (!entry) byInput.set(key, (entry = {}));
    return entry;
  };
  const isFresh = (spec: Pick<CallSpec<never, unknown>, 'freshForMs'>, entry: Entry) =>
    entry.value !== undefined && spec.freshForMs !== undefined && now() - entry.value.at < spec.freshForMs;

  const staleAfter = <I, O>(spec: CallSpec<I, O>, input: I) => {
    const targets = typeof spec.invalidates === 'function' ? spec.invalidates(input) : spec.invalidates;
    if (targets?.length) cache.invalidate(targets);
  };

  const start = <I, O>(spec: CallSpec<I, O>, input: I, entry: Entry, options: { fetch?: typeof fetch }) => {
    entry.refetch = () => void start(spec, input, entry, { fetch: options.fetch }).request.catch(() => {});
    const abort = new AbortController();
    const request = performCall(spec, input, { fetch: options.fetch, signal: abort.signal }).then(
      (output) => {
        // Invalidated while on its way: its answer may predate the save, so it is not kept.
        const current = entry.inflight === flight;
        if (current) entry.inflight = undefined;
        if (spec.freshForMs !== undefined && current) entry.value = { output, at: now() };
        return output;
      },
      (error: unknown) => {
        if (entry.inflight === flight) entry.inflight = undefined;
        throw error;
      },
    );
    const flight: Flight = { request, abort, waiting: 0 };
    entry.inflight = flight;
    return flight;
  };

  /**
   * The request in flight for an actor that waits for it: the actor's leaving (its signal) stops
   * its listening, and aborts the request when nobody else waits for it.
   */
  const join = <O>(entry: Entry, flight: Flight, signal: AbortSignal | undefined): Promise<O> => {
    const request = flight.request as Promise<O>;
    if (!signal) return request;
    flight.waiting++;
    return new Promise<O>((resolve, reject) => {
      const leave = () => {
        reject(signal.reason);
        if (--flight.waiting > 0) return;
        // Dropped at once: an entry made in this same tick starts a request of its own.
        if (entry.inflight === flight) entry.inflight = undefined;
        flight.abort.abort(signal.reason);
      };
      if (signal.aborted) return leave();
      signal.addEventListener('abort', leave, { once: true });
      request.then(
        (output) => {
          signal.removeEventListener('abort', leave);
          resolve(output);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', leave);
          reject(error);
        },
      );
    });
  };

  const cache: CallCache = {
    fresh(spec, input) {
      if (spec.freshForMs === undefined) return undefined;
      const entry = entryOf(spec, input);
      return isFresh(spec, entry) && entry.value ? { output: entry.value.output as never } : undefined;
    },
    get(spec, input, { signal, fetch } = {}) {
      if (spec.freshForMs === undefined) {
        return performCall(spec, input, { signal, fetch }).then((output) => {
          staleAfter(spec, input);
          return output;
        });
      }
      const entry = entryOf(spec, input);
      const hit = cache.fresh(spec, input);
      if (hit) return Promise.resolve(hit.output);
      // A warm-up's request, or another actor's, is joined rather than made twice.
      const flight = entry.inflight ?? start(spec, input, entry, { fetch });
      // Nobody may be listening when it fails (every waiter left): that is not an unhandled rejection.
      flight.request.catch(() => {});
      return join(entry, flight, signal);
    },
    warm(spec, input, { fetch } = {}) {
      if (spec.freshForMs === undefined) return;
      const entry = entryOf(spec, input);
      if (entry.inflight || isFresh(spec, entry)) return;
      start(spec, input, entry, { fetch }).request.catch(() => {});
    },
    invalidate(targets) {
      for (const target of targets) {
        const name = typeof target === 'string' ? target : target.call;
        const onlyKey = typeof target === 'string' ? undefined : keyOf(target.input);
        for (const [spec, byInput] of entries) {
          if ((spec as { name?: string }).name !== name) continue;
          for (const [key, entry] of byInput) {
            if (onlyKey !== undefined && key !== onlyKey) continue;
            const kept = entry.value !== undefined;
            entry.value = undefined;
            entry.inflight = undefined;
            if (kept) entry.refetch?.();
          }
        }
      }
    },
    clear: () => entries.clear(),
  };
  return cache;
}

/** The app's answers: one per page load, shared by every call actor that is not given its own. */
export const callCache = createCallCache();

/**
 * The invoked actor for a call: what the app provides for the name the machine gave it
 * (src/api/calls.ts, `callActors`). Starts already done when the answer is fresh.
 */
export function callActor<TInput, TOutput>(
  spec: CallSpec<TInput, TOutput>,
  options: { fetch?: typeof globalThis.fetch; cache?: CallCache } = {},
): PromiseActorLogic<TOutput, TInput> {
  const { fetch, cache = callCache } = options;
  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => cache.get(spec, input, { signal, fetch }));
  const withFresh: PromiseActorLogic<TOutput, TInput> = {
    ...logic,
    getInitialSnapshot: (scope, input) => {
      const snapshot = logic.getInitialSnapshot(scope, input);
      const hit = cache.fresh(spec, input as TInput);
      // Done at start: XState never calls start() (no request) and relays the done event at once.
      return hit ? { status: 'done', output: hit.output, error: undefined, input: snapshot.input } : snapshot;
    },
  };
  // Warming finds, from an invoke's `src`, what to fetch: only calls whose answer is kept.
  if (spec.freshForMs !== undefined) {
    registerWarmable(withFresh, (input) => cache.warm(spec, input as TInput, { fetch }));
  }
  return withFresh;
}
