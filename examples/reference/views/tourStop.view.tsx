import { ScreenHeading } from '@statechart/react/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

export function View() {
  return (
    <section>
      <ScreenHeading level={2}>{referenceStrings.tourStop}</ScreenHeading>
    </section>
  );
}
