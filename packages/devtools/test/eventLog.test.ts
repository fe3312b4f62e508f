import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createEventLog } from '../src/eventLog';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

describe('the event log', () => {
  it('keeps the last events sent to the actors, with their payloads and target, newest last', () => {
    const log = createEventLog(4);
    let changes = 0;
    log.subscribe(() => changes++);
    const actor = createActor(referenceMachine, { inspect: log.inspect }).start();
    actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
    actor.send({ type: 'item.showNotes' });
    actor.send({ type: 'item.showDetails' });
    // Entering the section starts its invoked actor, whose own init event is logged too.
    const events = log.getEvents();
    expect(events.map((event) => event.type)).toEqual([
      'xstate.route',
      'xstate.init',
      'item.showNotes',
      'item.showDetails',
    ]);
    expect(events[0]).toMatchObject({ target: actor.sessionId, payload: { to: '#sectionItem', params: { id: 2 } } });
    expect(events[1]?.target).not.toBe(actor.sessionId);
    expect(changes).toBeGreaterThanOrEqual(4);
  });

  it('holds at most 100 events by default', () => {
    const log = createEventLog();
    const actor = createActor(referenceMachine, { inspect: log.inspect }).start();
    for (let i = 0; i < 120; i++) actor.send({ type: i % 2 === 0 ? 'item.showNotes' : 'item.showDetails' });
    expect(log.getEvents()).toHaveLength(100);
    expect(log.getEvents().at(-1)?.type).toBe('item.showDetails');
  });
});
