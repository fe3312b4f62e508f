import { URL_PARAM } from '../../machines/routeMeta';
import { strings } from '../../machines/strings';
import { EntryLink, useMachineSelector } from '../routing/react';
import { ScreenHeading } from '../shell/ScreenHeading';

export function View() {
  const url = useMachineSelector((snapshot) => snapshot.context.params[URL_PARAM]);
  return (
    <article className="screen">
      <ScreenHeading>{strings.notFound.heading}</ScreenHeading>
      <p>{strings.notFound.body}</p>
      <p>
        <code className="typed-url">{url}</code>
      </p>
      <p>
        <EntryLink>{strings.notFound.home}</EntryLink>
      </p>
    </article>
  );
}
