import { useMachineSelector, useSend } from '../routing';
import { ScreenHeading } from '@statechart/react';
import { referenceStrings } from '../referenceMachine';

export function View() {
  const id = useMachineSelector((s) => s.context.params.id);
  const entries = useMachineSelector((s) => s.context.itemEntries);
  const showingNotes = useMachineSelector((s) => s.matches({ app: { main: { section: { item: 'notes' } } } }));
  const send = useSend();
  return (
    <section>
      <ScreenHeading level={2}>{referenceStrings.item(id)}</ScreenHeading>
      <p data-testid="item-entries">Item entered {entries} times</p>
      <div role="group" aria-label="Item tabs">
        <button
          type="button"
          className="button"
          aria-pressed={!showingNotes}
          onClick={() => send({ type: 'item.showDetails' })}
        >
          Details
        </button>{' '}
        <button
          type="button"
          className="button"
          aria-pressed={showingNotes}
          onClick={() => send({ type: 'item.showNotes' })}
        >
          Notes
        </button>
      </div>
      <p>{showingNotes ? 'Notes tab' : 'Details tab'}</p>
    </section>
  );
}
