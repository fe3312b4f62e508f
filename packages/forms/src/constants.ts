/**
 * Limits, sizes and storage keys in one typed place, so that a specified value replaces a
 * placeholder once. Code that owns a value imports it from here.
 */
export const limits = {
  /** The longest URL the router accepts (packages/core/src/appUrl.ts keeps its own MAX_URL_LENGTH). */
  maxUrlLength: 2048,
  /** The longest value a form field takes from a change event; longer input is ignored. */
  maxFieldLength: 2000,
  /** A stored draft larger than this is not written (storage quotas are a few MB per origin). */
  maxDraftBytes: 100_000,
} as const;

export const storage = {
  /** Bump when a stored record's shape changes: older records are dropped and reported (3: a draft keeps its submit key). */
  draftVersion: 3,
  draftKeyPrefix: 'draft:',
  sessionKey: 'session',
} as const;
