import { strings } from '../../machines/strings';
import { ScreenHeading } from '@statechart/react';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>{strings.home.heading}</ScreenHeading>
      <p>{strings.home.body}</p>
    </article>
  );
}
