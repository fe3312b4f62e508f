import { Link, useMachineSelector } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  const page = useMachineSelector((s) => s.context.params.page ?? 1);
  const q = useMachineSelector((s) => s.context.params.q);
  return (
    <section>
      <ScreenHeading level={2}>{referenceStrings.list}</ScreenHeading>
      <p data-testid="list-query">
        Page {page}
        {q ? `, filtered by “${q}”` : ''}
      </p>
      <Link to="#sectionList" params={{ page: page + 1, q }}>
        Next page
      </Link>
    </section>
  );
}
