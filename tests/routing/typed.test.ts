import { setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { keepRouteTypes } from '../../machines/routeTypes';
import { Link, useHref, useMachineSelector, useSend } from '../../src/routing/react';
import { typedRouting } from '../../src/routing/typed';
import type { referenceMachine } from '../reference/referenceMachine';

// The typed API is a compile-time promise only (tests/types checks it): at run time it must be
// exactly the untyped binding and XState's own createMachine, so typing cannot change behaviour.
describe('typed routing', () => {
  it('hands out the untyped binding itself, not wrappers', () => {
    const typed = typedRouting<typeof referenceMachine>();
    expect(typed.Link).toBe(Link);
    expect(typed.useHref).toBe(useHref);
    expect(typed.useSend).toBe(useSend);
    expect(typed.useMachineSelector).toBe(useMachineSelector);
  });

  it("keeps a setup's createMachine as it is", () => {
    const create = setup({}).createMachine;
    expect(keepRouteTypes(create)).toBe(create);
  });
});
