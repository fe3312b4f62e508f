import { Link, useSend } from '../../../src/routing/react';
import { CallFailed, CallPending } from '../../../src/shell/CallStatus';
import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { referenceStrings } from '../referenceMachine';
import { useReferenceSelector } from './select';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({ app: { main: { records: { list: substate } } } });

export function View() {
  const loading = useReferenceSelector((s) => s.matches(at('loading')));
  const failed = useReferenceSelector((s) => s.matches(at('failed')));
  const records = useReferenceSelector((s) => s.context.records);
  const error = useReferenceSelector((s) => s.context.callError);
  const send = useSend();
  return (
    <section aria-busy={loading}>
      <ScreenHeading level={2}>{referenceStrings.recordList}</ScreenHeading>
      {loading ? (
        <CallPending />
      ) : failed ? (
        <CallFailed error={error} retry={() => send({ type: 'call.retry' })} leave={<Link to="#home">Home</Link>} />
      ) : (
        <ul data-testid="records">
          {records?.map((record) => (
            <li key={record.id}>
              <Link to="#recordDetail" params={{ id: record.id }}>
                {record.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
