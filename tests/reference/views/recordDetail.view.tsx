import { Link, useMachineSelector, useSend } from '../routing';
import { CallFailed, CallPending } from '../../../src/shell/CallStatus';
import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { referenceStrings } from '../referenceMachine';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({ app: { main: { records: { detail: substate } } } });

export function View() {
  const id = useMachineSelector((s) => s.context.params.id);
  const loading = useMachineSelector((s) => s.matches(at('loading')));
  const failed = useMachineSelector((s) => s.matches(at('failed')));
  const record = useMachineSelector((s) => s.context.shownRecord);
  const error = useMachineSelector((s) => s.context.callError);
  const send = useSend();
  return (
    <section aria-busy={loading}>
      <ScreenHeading level={2}>{referenceStrings.record(id)}</ScreenHeading>
      {loading ? (
        <CallPending />
      ) : failed ? (
        <CallFailed
          error={error}
          retry={() => send({ type: 'call.retry' })}
          leave={<Link to="#recordList">{referenceStrings.recordList}</Link>}
        />
      ) : (
        <p data-testid="record-name">{record?.name}</p>
      )}
    </section>
  );
}
