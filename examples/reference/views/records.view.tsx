import { Outlet } from '@statechart/react/routing';
import { Link } from '../routing';
import { ScreenHeading } from '@statechart/react/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.records}</ScreenHeading>
      <ul className="nav-list" aria-label={referenceStrings.records}>
        <li>
          <Link className="nav-link" to="#recordList">
            {referenceStrings.recordList}
          </Link>
        </li>
        {[1, 2].map((id) => (
          <li key={id}>
            <Link className="nav-link" to="#recordDetail" params={{ id }}>
              {referenceStrings.record(id)}
            </Link>
          </li>
        ))}
      </ul>
      <Outlet />
    </article>
  );
}
