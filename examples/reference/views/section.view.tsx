import { Outlet, ScreenHeading } from '@statechart/react';
import { Link, useMachineSelector } from '../routing';
import { referenceStrings } from '../referenceMachine';

export function View() {
  const entries = useMachineSelector((s) => s.context.sectionEntries);
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.section}</ScreenHeading>
      <p data-testid="section-entries">Section entered {entries} times</p>
      <ul className="nav-list" aria-label="Items">
        <li>
          <Link className="nav-link" to="#sectionList">
            {referenceStrings.list}
          </Link>
        </li>
        {[1, 2, 3].map((id) => (
          <li key={id}>
            <Link className="nav-link" to="#sectionItem" params={{ id }}>
              {referenceStrings.item(id)}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="#overlayOpen">Open the overlay</Link>
      </p>
      <Outlet />
    </article>
  );
}
