import { plural } from '@statechart/core';
import type { CallError } from './machine';
import { errorStrings } from './errorStrings';

/**
 * The error catalogue: every error code a call can fail with, its message (a key of
 * `errorStrings`) and its handling. A failed state shows the message, moves the focus to it
 * and offers the handling. The product's own codes are added here when they are specified.
 */

/** What the person is offered: try the same call again, leave for another screen, or fix their input (kept). */
export type Handling = 'retry' | 'leave' | 'keepInput';

export type MessageKey = Exclude<keyof typeof errorStrings, 'retry' | 'heading' | 'waitSeconds' | 'waitMinutes'>;

export interface CatalogueEntry {
  message: MessageKey;
  handling: Handling;
}

export const errorCatalogue = {
  network: { message: 'network', handling: 'retry' },
  timeout: { message: 'timeout', handling: 'retry' },
  // A save whose answer never came: Try again sends the same Idempotency-Key, so it is not saved twice.
  unknownOutcome: { message: 'unknownOutcome', handling: 'retry' },
  // Its key was saved before with other values: the first version is saved; these changes are not.
  // They stay in the form, which offers to save them as new (a new key) or as a change to what was
  // saved, with a link to it (FormScreen, docs/forms.md); no Try again: the key is spent.
  savedBefore: { message: 'savedBefore', handling: 'keepInput' },
  // A 413: refused before anything was done, so not an unknown outcome; the input is kept to shorten.
  tooLarge: { message: 'tooLarge', handling: 'keepInput' },
  'http.404': { message: 'notFound', handling: 'leave' },
  'http.429': { message: 'busy', handling: 'retry' },
  'http.4xx': { message: 'refused', handling: 'leave' },
  'http.5xx': { message: 'server', handling: 'retry' },
  invalidPayload: { message: 'invalidPayload', handling: 'retry' },
} satisfies Record<string, CatalogueEntry>;

/** For any code, known or not: unknown codes (a bug, a call not provided) get this entry. */
export const genericEntry: CatalogueEntry = { message: 'generic', handling: 'retry' };

export function catalogueEntry(error: CallError | undefined): CatalogueEntry {
  const entries: Record<string, CatalogueEntry> = errorCatalogue;
  return (error && Object.hasOwn(entries, error.code) ? entries[error.code] : undefined) ?? genericEntry;
}

/** How long to wait, in words, rounded up: seconds under two minutes, minutes above. */
export function waitWords(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120
    ? plural(errorStrings.waitSeconds, seconds)
    : plural(errorStrings.waitMinutes, Math.ceil(seconds / 60));
}

/**
 * The message and handling to show for a failure, and how long the server asked to wait when it
 * said (`retryAfterMs`: a 429 or 503 with a Retry-After too long to wait for by itself).
 */
export function describeError(error: CallError | undefined): { message: string; handling: Handling; wait?: string } {
  const entry = catalogueEntry(error);
  const wait = error?.retryAfterMs;
  return {
    message: errorStrings[entry.message],
    handling: entry.handling,
    ...(wait !== undefined && { wait: waitWords(wait) }),
  };
}
