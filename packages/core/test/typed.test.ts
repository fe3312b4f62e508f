import { createActor, createMachine, setup, StateMachine } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { routed, startsAtUrl } from '../src/routed';
import { keepRouteTypes } from '../src/routeTypes';
import { Link, useHref, useMachineSelector, useSend, typedRouting } from '@statechart/react';
import type { referenceMachine } from '../../../examples/reference/referenceMachine';

// The typed API is a compile-time promise only (packages/react/test/types checks it): at run time it must be
// exactly the untyped binding and XState's own createMachine, so typing cannot change behaviour.
describe('typed routing', () => {
  it('hands out the untyped binding itself, not wrappers', () => {
    const typed = typedRouting<typeof referenceMachine>();
    expect(typed.Link).toBe(Link);
    expect(typed.useHref).toBe(useHref);
    expect(typed.useSend).toBe(useSend);
    expect(typed.useMachineSelector).toBe(useMachineSelector);
  });

  // keepRouteTypes() builds the machine on first use, and answers `config` and `implementations`
  // (all routed() and startsAtUrl() read) without building it: they must be the built machine's.
  const guards = { allowed: () => true };
  const actions = { note: () => {} };
  const config = {
    id: 'lazy',
    initial: 'a',
    context: { params: {} },
    states: {
      a: { id: 'a', route: {}, meta: { path: '/' }, on: { go: { target: 'b', guard: 'allowed', actions: 'note' } } },
      b: { id: 'b', route: {}, meta: { path: '/b' } },
    },
  };

  it("answers a setup's createMachine's config and implementations without building the machine", () => {
    const create = vi.fn(setup({ guards, actions }).createMachine);
    const lazy = keepRouteTypes(create)(config as never);
    const built = setup({ guards, actions }).createMachine(config as never);
    expect(lazy.config).toEqual(built.config);
    expect(lazy.implementations).toEqual(built.implementations);
    // Only the empty machine that gave them was built; routed() and startsAtUrl() build nothing more.
    startsAtUrl(routed(lazy));
    expect(create.mock.calls).toEqual([[{}]]);
    expect(lazy).toBeInstanceOf(StateMachine);
  });

  it('is the machine create(config) makes once used, with its methods bound to it', () => {
    const create = vi.fn(setup({ guards, actions }).createMachine);
    const lazy = keepRouteTypes(create)(config as never);
    const actor = createActor(lazy).start();
    actor.send({ type: 'go' });
    expect(actor.getSnapshot().value).toBe('b');
    expect(create).toHaveBeenLastCalledWith(config);
    expect(lazy.getStateNodeById('b').id).toBe('b');
    expect(create).toHaveBeenCalledTimes(2);
  });

  it("holds for XState's own createMachine", () => {
    const lazy = keepRouteTypes(createMachine)(config as never);
    expect(lazy.config).toEqual(createMachine(config as never).config);
    expect(createActor(lazy).start().getSnapshot().value).toBe('a');
  });
});
