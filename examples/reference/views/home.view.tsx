import { Link } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.home}</ScreenHeading>
      <ul>
        <li>
          <Link to="#sectionItem" params={{ id: 1 }}>
            First item
          </Link>
        </li>
        <li>
          <Link to="#legacy">Old address (redirects)</Link>
        </li>
        <li>
          <Link to="#overlayOpen">Open the overlay</Link>
        </li>
      </ul>
      <div style={{ height: '150vh' }} aria-hidden="true" />
      <p id="page-end">
        End of the home page. <Link to="#editor">Write a draft</Link>
      </p>
    </article>
  );
}
