import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { refusesLeaving } from '@statechart/core/internal';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

const route = (to: `#${string}`) => ({ type: 'xstate.route' as const, to, params: {} });
const main = (snapshot: SnapshotFrom<typeof referenceMachine>) =>
  JSON.stringify((snapshot.value as { app: { main: unknown } }).app.main);

describe("a dirty form's way out: discard (the reference form, examples/reference)", () => {
  it('refuses every exit while dirty, then discard empties the form and clears the draft, and leaving works', () => {
    const cleared: string[] = [];
    const machine = referenceMachine.provide({ actions: { clearDraft: () => void cleared.push('draft') } });
    const actor = createActor(machine).start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.change', field: 'name', value: 'A name' });
    actor.send(route('#home'));
    expect(main(actor.getSnapshot()), 'a dirty form refuses a route away').toContain('newRecord');
    expect(refusesLeaving(machine, actor.getSnapshot())).toBe(true);

    actor.send({ type: 'record.discard' });
    expect(actor.getSnapshot().context.record.values.name, 'discard puts back what was saved').toBe('');
    expect(cleared, 'discard clears the stored draft').toEqual(['draft']);
    expect(refusesLeaving(machine, actor.getSnapshot())).toBe(false);
    actor.send(route('#home'));
    expect(main(actor.getSnapshot())).toBe('"home"');
  });

  it('does nothing on a clean form (no draft cleared, nothing refused)', () => {
    const cleared: string[] = [];
    const machine = referenceMachine.provide({ actions: { clearDraft: () => void cleared.push('draft') } });
    const actor = createActor(machine).start();
    actor.send(route('#newRecord'));
    actor.send({ type: 'record.discard' });
    expect(cleared).toEqual([]);
  });
});
