import { createMemoryHistory } from '../src/memoryHistory';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { attachMoves } from '../src/moves';
import type { AttachMoves } from '../src/movesProtocol';
import { startRouterSync } from '../src/syncStart';
import { buildRouteTable } from '../src/table';

const table = buildRouteTable(referenceMachine);

/**
 * A router whose moves arrive when the test says: each load settles (as loadRouterMoves() does,
 * also when the chunk failed) once `settle()` is called, with the moves in or not.
 */
function start(url: string) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const actor = createActor(referenceMachine).start();
  let moves: AttachMoves | undefined;
  let loads = 0;
  let settle = () => {};
  const sync = startRouterSync(
    { actor, table, history },
    () => moves,
    () => {
      loads += 1;
      return new Promise<void>((resolve) => (settle = resolve));
    },
  );
  const path = () => history.location.pathname + history.location.search;
  const load = async (arrived: boolean) => {
    if (arrived) moves = attachMoves;
    settle();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { history, actor, sync, path, loads: () => loads, load };
}

describe('the router before its moves arrive (createDeferredRouterSync)', () => {
  it('applies the first URL at once', () => {
    const { actor, path } = start('/section/4');
    expect(actor.getSnapshot().matches({ app: { main: { section: 'item' } } })).toBe(true);
    expect(path()).toBe('/section/4');
  });

  it('makes the moves asked before they arrive once they do, in order', async () => {
    const { sync, history, path, load } = start('/');
    sync.navigate('/section/2');
    sync.follow('#editor');
    expect(path()).toBe('/');
    await load(true);
    expect(path()).toBe('/editor');
    expect(history.index).toBe(2);
    history.go(-1);
    expect(path()).toBe('/section/2');
  });

  it('asks for them again on the next move when loading them failed', async () => {
    const { sync, loads, load, path } = start('/');
    expect(loads()).toBe(1);
    await load(false);
    sync.navigate('/editor');
    expect(loads()).toBe(2);
    expect(path()).toBe('/');
    await load(true);
    expect(path()).toBe('/editor');
  });

  it('hears a Back made before they arrive once they do', async () => {
    const { history, path, load, actor } = start('/');
    actor.send({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
    expect(path()).toBe('/section/2');
    history.go(-1);
    expect(actor.getSnapshot().matches({ app: { main: { section: 'item' } } })).toBe(true);
    await load(true);
    expect(path()).toBe('/');
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
  });
});
