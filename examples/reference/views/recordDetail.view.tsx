import { Link, useMachineSelector, useSend } from '../routing';
import { CallFailed, CallPending, CallRegion } from '@statechart/calls';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

type Detail = { call: 'loading' | 'loaded' | 'failed' } | { tab: 'summary' | 'notes' };
const at = (detail: Detail) => ({ app: { main: { records: { shown: { detail } } } } });

/**
 * A detail that loads, with tabs (docs/calls.md, "Tabs in a screen that loads"): the tabs are
 * in-screen states beside the call's, so they work while the record loads, fails or is shown.
 */
export function View() {
  const id = useMachineSelector((s) => s.context.params.id);
  const loading = useMachineSelector((s) => s.matches(at({ call: 'loading' })));
  const failed = useMachineSelector((s) => s.matches(at({ call: 'failed' })));
  const notes = useMachineSelector((s) => s.matches(at({ tab: 'notes' })));
  // The last record shown, if it is this one: a stale answer stays on screen while it is refreshed.
  const record = useMachineSelector((s) => (s.context.shownRecord?.id === id ? s.context.shownRecord : undefined));
  const error = useMachineSelector((s) => s.context.callError);
  const send = useSend();
  return (
    <CallRegion busy={loading}>
      <ScreenHeading level={2}>{referenceStrings.record(id)}</ScreenHeading>
      <div role="group" aria-label={referenceStrings.recordTabs}>
        <button
          type="button"
          className="button"
          aria-pressed={!notes}
          onClick={() => send({ type: 'recordDetail.showSummary' })}
        >
          {referenceStrings.summary}
        </button>{' '}
        <button
          type="button"
          className="button"
          aria-pressed={notes}
          onClick={() => send({ type: 'recordDetail.showNotes' })}
        >
          {referenceStrings.notes}
        </button>
      </div>
      {failed ? (
        <CallFailed
          error={error}
          retry={() => send({ type: 'call.retry' })}
          leave={<Link to="#recordList">{referenceStrings.recordList}</Link>}
        />
      ) : (
        <>
          {loading ? <CallPending /> : null}
          {record ? notes ? <p>{referenceStrings.noNotes}</p> : <p data-testid="record-name">{record.name}</p> : null}
        </>
      )}
    </CallRegion>
  );
}
