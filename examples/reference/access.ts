import * as v from 'valibot';

/**
 * The reference machine's access example: one role ("admin") and one screen only it may see.
 * Test code: the product's roles and permissions are not specified.
 */
export const accessStrings = {
  admin: 'Administration',
  adminNav: 'Administration',
  adminBody: 'Only the administrator role sees this screen.',
  notAllowed: 'Not allowed',
  notAllowedBody: 'Your role may not see this screen.',
  signIn: 'Sign in as administrator',
  signOut: 'Sign out',
  nothingToReturnTo: 'There is no screen to return to.',
  home: 'Go to the home page',
} as const;

/** A session as a `session.signedIn` event carries it, checked at the machine's edge. */
export const sessionSchema = v.object({ roles: v.array(v.pipe(v.string(), v.maxLength(64))) });

/**
 * A kept target as the session stores it (it survives a reload of /not-allowed, as the roles do,
 * so the screen means after a reload what it meant before): an id and route params, never a URL.
 * An id no guarded screen has takes no way on (notAllowed's always entries name theirs).
 */
export const returnTargetSchema = v.object({
  to: v.custom<`#${string}`>((value) => typeof value === 'string' && /^#[\w-]{1,64}$/.test(value)),
  params: v.record(v.string(), v.union([v.string(), v.number(), v.undefined()])),
});

/** Where a refused deep link was going: a state id and its params, never a URL. */
export type ReturnTarget = v.InferOutput<typeof returnTargetSchema>;

/** What the session keeps across a reload: the roles and where a refused deep link was going. */
export const storedSessionSchema = v.object({ ...sessionSchema.entries, returnTo: v.optional(returnTargetSchema) });
