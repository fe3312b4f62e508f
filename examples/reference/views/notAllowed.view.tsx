import { Link, useMachineSelector, useSend } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { accessStrings } from '../access';

export function View() {
  const send = useSend();
  const hasTarget = useMachineSelector((s) => s.context.returnTo !== undefined);
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
