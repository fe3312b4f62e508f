import { Link } from '../../../src/routing/react';
import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { accessStrings } from '../access';
import { useReferenceSelector, useReferenceSend } from './select';

export function View() {
  const send = useReferenceSend();
  const hasTarget = useReferenceSelector((s) => s.context.returnTo !== undefined);
  return (
    <article className="screen">
      <ScreenHeading>{accessStrings.notAllowed}</ScreenHeading>
      <p>{accessStrings.notAllowedBody}</p>
      {hasTarget ? (
        // The reference app's session switch: the product's sign-in is not specified.
        <button type="button" className="button" onClick={() => send({ type: 'session.signedIn', roles: ['admin'] })}>
          {accessStrings.signIn}
        </button>
      ) : (
        <p>
          {accessStrings.nothingToReturnTo} <Link to="#home">{accessStrings.home}</Link>
        </p>
      )}
    </article>
  );
}
