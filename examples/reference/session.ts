import { storage, storedRecord } from '@statechart/forms';
import { storedSessionSchema } from './access';

/**
 * The reference app's session source: the roles (and where a refused deep link was going) live
 * in sessionStorage. A reload keeps them
 * (the machine gets them again as `input`), closing the tab forgets them as a session cookie
 * would, and they are never in the URL, so a shared link never carries a role. The product's
 * session (a cookie, a token) is not specified; it would replace this module.
 */
export const sessionStore = storedRecord({
  key: storage.sessionKey,
  version: 1,
  schema: storedSessionSchema,
  storage: () => sessionStorage,
});
