import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { noneActive } from '../src/routed';

describe("routed()'s guard for a routable state's own URL (noneActive)", () => {
  // It speaks XState's protocol for its built-in guards (`check`, given the snapshot): an XState
  // that stopped calling it would answer every ancestor's URL in place, below a screen too.
  it('holds while none of the states is active, as XState evaluates it', () => {
    const machine = createMachine({
      initial: 'list',
      states: {
        list: {
          initial: 'index',
          on: { probe: { guard: noneActive(['detail']), target: '.taken' } },
          states: { index: { on: { open: 'detail' } }, detail: { id: 'detail' }, taken: {} },
        },
      },
    });
    const shown = createActor(machine).start();
    shown.send({ type: 'open' });
    shown.send({ type: 'probe' });
    expect(shown.getSnapshot().value).toEqual({ list: 'detail' });
    const none = createActor(machine).start();
    none.send({ type: 'probe' });
    expect(none.getSnapshot().value).toEqual({ list: 'taken' });
  });
});
