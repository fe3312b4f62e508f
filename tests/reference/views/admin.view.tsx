import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { accessStrings } from '../access';
import { useReferenceSend } from './select';

export function View() {
  const send = useReferenceSend();
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
