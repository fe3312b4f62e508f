import { Link, useMachineSelector } from '../../../src/routing/react';
import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

export function View() {
  const page = useMachineSelector((s) => (s.context.params as { page?: number }).page ?? 1);
  const q = useMachineSelector((s) => (s.context.params as { q?: string }).q);
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
