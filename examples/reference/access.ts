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

/** Where a refused deep link was going: a state id and its params, never a URL. */
export interface ReturnTarget {
  to: `#${string}`;
  params: Record<string, unknown>;
}

/** A session as a `session.signedIn` event carries it, checked at the machine's edge. */
export const sessionSchema = v.object({ roles: v.array(v.pipe(v.string(), v.maxLength(64))) });
