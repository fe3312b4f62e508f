import { Link, useMachineSelector, useSend } from '../routing';
import { CallFailed, CallPending, CallRegion } from '@statechart/calls/CallStatus';
import { ScreenHeading } from '@statechart/react/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({
  app: { main: { records: { shown: { detail: substate } } } },
});

export function View() {
  const id = useMachineSelector((s) => s.context.params.id);
  const loading = useMachineSelector((s) => s.matches(at('loading')));
  const failed = useMachineSelector((s) => s.matches(at('failed')));
  // The last record shown, if it is this one: a stale answer stays on screen while it is refreshed.
  const record = useMachineSelector((s) => (s.context.shownRecord?.id === id ? s.context.shownRecord : undefined));
  const error = useMachineSelector((s) => s.context.callError);
  const send = useSend();
  return (
    <CallRegion busy={loading}>
      <ScreenHeading level={2}>{referenceStrings.record(id)}</ScreenHeading>
      {failed ? (
        <CallFailed
          error={error}
          retry={() => send({ type: 'call.retry' })}
          leave={<Link to="#recordList">{referenceStrings.recordList}</Link>}
        />
      ) : (
        <>
          {loading ? <CallPending /> : null}
          {record ? <p data-testid="record-name">{record.name}</p> : null}
        </>
      )}
    </CallRegion>
  );
}
