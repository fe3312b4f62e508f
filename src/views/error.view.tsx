import { strings } from '../../machines/strings';
import { EntryLink } from '../routing/react';
import { ScreenHeading } from '../shell/ScreenHeading';

export function View() {
  return (
    // Not an <article>: that element may not take the alert role (axe: aria-allowed-role).
    <div className="screen" role="alert">
      <ScreenHeading>{strings.error.heading}</ScreenHeading>
      <p>{strings.error.body}</p>
      <p>
        <EntryLink>{strings.error.home}</EntryLink>
      </p>
    </div>
  );
}
