import { Link } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <aside className="panel" aria-label={referenceStrings.overlay}>
      <ScreenHeading level={2}>{referenceStrings.overlay}</ScreenHeading>
      <p>This panel lives in a parallel region; its state is in the URL as ?overlay=open.</p>
      <Link to="#overlayClosed">Close the overlay</Link>
    </aside>
  );
}
