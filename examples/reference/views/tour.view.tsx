import { Outlet } from '@statechart/react/routing';
import { Link } from '../routing';
import { ScreenHeading } from '@statechart/react/ScreenHeading';
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
