import { Link, useMachineSelector, useSend } from '../routing';
import { CallFailed, CallPending, CallRegion } from '@statechart/calls/CallStatus';
import { ScreenHeading } from '@statechart/react/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({ app: { main: { records: { list: substate } } } });

export function View() {
  const loading = useMachineSelector((s) => s.matches(at('loading')));
  const failed = useMachineSelector((s) => s.matches(at('failed')));
  // Kept in context from the last answer: while a stale answer is refreshed, it stays on screen.
  const records = useMachineSelector((s) => s.context.records);
  const error = useMachineSelector((s) => s.context.callError);
  const send = useSend();
  return (
    <CallRegion busy={loading}>
      <ScreenHeading level={2}>{referenceStrings.recordList}</ScreenHeading>
      {failed ? (
        <CallFailed error={error} retry={() => send({ type: 'call.retry' })} leave={<Link to="#home">Home</Link>} />
      ) : (
        <>
          {loading ? <CallPending /> : null}
          {records ? (
            <ul data-testid="records">
              {records.map((record) => (
                <li key={record.id}>
                  <Link to="#recordDetail" params={{ id: record.id }}>
                    {record.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </CallRegion>
  );
}
