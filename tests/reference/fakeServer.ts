import { fromPromise } from 'xstate';
import type { RecordInput } from './recordForm';

/** How long the reference app's fake call takes: long enough to see the pending state. */
export const FAKE_LATENCY_MS = 1500;

let saved = 0;

/**
 * The reference app's submit call, provided through createApp's `provide` (the calls helper's
 * src/api replaces it). Answers after a delay: the name "taken" is refused with a field error,
 * "fail" fails as a network error would, anything else is saved. Leaving aborts it.
 */
export const fakeSubmit = fromPromise<{ id: number }, RecordInput>(
  ({ input, signal }) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const name = input.name.trim().toLowerCase();
        if (name === 'taken') reject({ fieldErrors: [{ field: 'name', code: 'taken' }] });
        else if (name === 'fail') reject(new Error('The call failed'));
        else resolve({ id: ++saved });
      }, FAKE_LATENCY_MS);
      signal.addEventListener('abort', () => clearTimeout(timer));
    }),
);
