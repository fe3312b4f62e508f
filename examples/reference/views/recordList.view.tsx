import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

/** The list's own URL (/records): no record chosen; the list itself is the parent's (records.view). */
export function View() {
  return (
    <section>
      <ScreenHeading level={2}>{referenceStrings.recordList}</ScreenHeading>
      <p>{referenceStrings.chooseRecord}</p>
    </section>
  );
}
