import { strings } from '../../machines/strings';
import { Link } from '../routing/react';
import { ScreenHeading } from '../shell/ScreenHeading';

export function View() {
  return (
    <article className="screen" role="alert">
      <ScreenHeading>{strings.error.heading}</ScreenHeading>
      <p>{strings.error.body}</p>
      <p>
        <Link to="#home">{strings.error.home}</Link>
      </p>
    </article>
  );
}
