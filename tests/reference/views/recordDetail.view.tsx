import { Link, useSend } from '../../../src/routing/react';
import { CallFailed, CallPending } from '../../../src/shell/CallStatus';
import { ScreenHeading } from '../../../src/shell/ScreenHeading';
import { referenceStrings } from '../referenceMachine';
import { useReferenceSelector } from './select';

const at = (substate: 'loading' | 'loaded' | 'failed') => ({ app: { main: { records: { detail: substate } } } });

export function View() {
  const id = useReferenceSelector((s) => s.context.params.id);
  const loading = useReferenceSelector((s) => s.matches(at('loading')));
  const failed = useReferenceSelector((s) => s.matches(at('failed')));
  const record = useReferenceSelector((s) => s.context.record);
  const error = useReferenceSelector((s) => s.context.callError);
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
