import type { Plural } from '@statechart/core';

/**
 * The words of calls: the error catalogue's (errors.ts), one message per entry, and the pending
 * text. Apart from the product's strings so that they load with the code that makes calls, not in the initial bundle
 * of an app without calls; merge them into `strings` once the product's calls exist, if preferred.
 */
export const errorStrings = {
  network: 'The server could not be reached. Check the connection and try again.',
  timeout: 'The server took too long to answer. Try again.',
  unknownOutcome: 'We could not tell whether this was saved. Try again: it will not be saved twice.',
  savedBefore: 'This was already saved, as it was first sent. The changes made since were not saved.',
  tooLarge: 'This is too large to send. Make it shorter, then try again.',
  notFound: 'Nothing was found at this address.',
  refused: 'The server refused this request.',
  busy: 'The server is busy. Try again in a moment.',
  server: 'The server had a problem. Try again in a moment.',
  invalidPayload: 'The server sent an answer this application does not understand.',
  generic: 'Something went wrong while loading.',
  heading: 'Not loaded',
  retry: 'Try again',
  /** When the server said how long to wait (Retry-After), rounded up: seconds under two minutes, else minutes. */
  waitSeconds: {
    one: 'You can try again in 1 second.',
    other: 'You can try again in {count} seconds.',
  } satisfies Plural,
  waitMinutes: {
    one: 'You can try again in 1 minute.',
    other: 'You can try again in {count} minutes.',
  } satisfies Plural,
  pending: 'Loading…',
} as const;
