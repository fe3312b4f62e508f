import { describe, expect, it } from 'vitest';
import type { KnownCallErrorCode } from '../src/machine';
import { errorStrings } from '../src/errorStrings';
import { catalogueEntry, describeError, errorCatalogue, genericEntry } from '../src/errors';

describe('the error catalogue', () => {
  it('has an entry with words for every known code', () => {
    // The type below fails to compile when a code is added to KnownCallErrorCode but not here.
    const codes: Record<KnownCallErrorCode, true> = {
      network: true,
      timeout: true,
      unknownOutcome: true,
      savedBefore: true,
      tooLarge: true,
      'http.404': true,
      'http.429': true,
      'http.4xx': true,
      'http.5xx': true,
      invalidPayload: true,
    };
    expect(Object.keys(errorCatalogue).sort()).toEqual(Object.keys(codes).sort());
    for (const entry of Object.values(errorCatalogue)) expect(errorStrings[entry.message]).toBeTruthy();
  });

  it('falls back to the generic entry for an unknown code or no error', () => {
    expect(catalogueEntry({ code: 'no.such.code' })).toBe(genericEntry);
    expect(catalogueEntry({ code: 'toString' })).toBe(genericEntry);
    expect(catalogueEntry(undefined)).toBe(genericEntry);
    expect(describeError({ code: 'unknown' })).toEqual({ message: errorStrings.generic, handling: 'retry' });
  });

  it('offers a retry for failures that may pass, and a way out for those that will not', () => {
    expect(describeError({ code: 'timeout' }).handling).toBe('retry');
    expect(describeError({ code: 'http.5xx', status: 500 }).handling).toBe('retry');
    expect(describeError({ code: 'http.404', status: 404 }).handling).toBe('leave');
  });

  it('keeps the input of a save refused as saved before: no Try again (its key is spent), no way out but the form', () => {
    expect(describeError({ code: 'savedBefore', status: 422 })).toEqual({
      message: errorStrings.savedBefore,
      handling: 'keepInput',
    });
  });
});
