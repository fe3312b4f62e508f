import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <section>
      <ScreenHeading level={2}>{referenceStrings.tourStop}</ScreenHeading>
    </section>
  );
}
