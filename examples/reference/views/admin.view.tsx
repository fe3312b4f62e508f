import { useSend } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { accessStrings } from '../access';

export function View() {
  const send = useSend();
  return (
    <article className="screen">
      <ScreenHeading>{accessStrings.admin}</ScreenHeading>
      <p>{accessStrings.adminBody}</p>
      <button type="button" className="button button--secondary" onClick={() => send({ type: 'session.signedOut' })}>
        {accessStrings.signOut}
      </button>
    </article>
  );
}
