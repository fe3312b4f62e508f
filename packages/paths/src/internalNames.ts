type AnyEvent = { type: string; [key: string]: unknown };

/** XState's names for the events it raises or schedules itself, read, never written, by the generator. */
const AFTER = 'xstate.after.';
const NUMBERED_AFTER = /^xstate\.after\.(\d+)\./;
export const DONE_ACTOR = 'xstate.done.actor.';
export const ERROR_ACTOR = 'xstate.error.actor.';

/**
 * The delay in ms of a delayed (`after`) event, or undefined: the `delay` the generator resolved
 * for it (a named or computed delay, see search.ts waitsIn), else the number in its type.
 */
export function delayOf(event: AnyEvent): number | undefined {
  if (!event.type.startsWith(AFTER)) return undefined;
  if (typeof event.delay === 'number') return event.delay;
  const match = NUMBERED_AFTER.exec(event.type);
  return match ? Number(match[1]) : undefined;
}

/** A delayed (`after`) event, whatever its delay: a number, a name, a function of context. */
export const isAfter = (type: string) => type.startsWith(AFTER);

/** Events XState raises by itself (`xstate.done.state.*`): taken by reaching a final state. */
export const isDoneState = (type: string) => type.startsWith('xstate.done.state.');

/**
 * How a path names an internal event: `wait 3000 ms`, `fetch resolves "thing"`, `fetch rejects`,
 * or `fetch rejects http.5xx` for an error with a code (two failures that lead to the same state
 * are two paths with two names).
 */
export function describeInternal(event: AnyEvent): string | undefined {
  const delay = delayOf(event);
  if (delay !== undefined) return `wait ${delay} ms`;
  if (event.type.startsWith(DONE_ACTOR))
    return `${event.type.slice(DONE_ACTOR.length)} resolves ${JSON.stringify(event.output)}`;
  if (event.type.startsWith(ERROR_ACTOR)) {
    const code: unknown =
      typeof event.error === 'object' && event.error !== null ? (event.error as { code?: unknown }).code : undefined;
    return `${event.type.slice(ERROR_ACTOR.length)} rejects${typeof code === 'string' ? ` ${code}` : ''}`;
  }
  return undefined;
}

/**
 * Events the tests never perform as a person would: XState raises them (done.state) or they stand
 * for time passing and actors settling, which each level drives through its clock and actors.
 */
export const isInternal = (type: string) =>
  isDoneState(type) || isAfter(type) || type.startsWith(DONE_ACTOR) || type.startsWith(ERROR_ACTOR);
