import { Outlet, ScreenHeading } from '@statechart/react';
import { Link } from '../routing';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>{referenceStrings.tour}</ScreenHeading>
      <p>
        <Link to="#tourStop">Go to the first stop</Link>
      </p>
      <Outlet />
    </article>
  );
}
