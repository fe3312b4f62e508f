import { createMemoryHistory } from '../src/memoryHistory';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, type AnyStateMachine } from 'xstate';
import type { RouteEvent, RouteMeta, RoutedContext } from '../src/routeMeta';
import { routed, startsAtUrl } from '../src/routed';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';

/** The app's way to run a machine: startsAtUrl's machine, its router on a memory history at `url`. */
function startAt(machine: AnyStateMachine, url: string) {
  const history = createMemoryHistory({ initialEntries: [url] });
  // As createApp does: the route table is of the machine the actor runs.
  const booted = startsAtUrl(machine);
  const actor = createActor(booted).start();
  createRouterSync({ actor, table: buildRouteTable(booted), history });
  return { actor, url: () => history.location.pathname + history.location.search };
}

/** A root that the machine's own transitions target by id: "start over". */
const resetMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent | { type: 'reset' }, meta: {} as RouteMeta },
  }).createMachine({
    id: 'app',
    context: { params: {} },
    initial: 'home',
    on: { reset: '#app' },
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      other: { id: 'other', route: {}, meta: { path: 'other', title: 'Other' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

/** A parallel root: the pathname's region, whose initial state loads, beside a region without URLs. */
function parallelMachine(loads: string[]) {
  return routed(
    setup({
      types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
      actors: { loadHome: fromPromise(async () => void loads.push('home')) },
    }).createMachine({
      id: 'desk',
      type: 'parallel',
      context: { params: {} },
      states: {
        page: {
          initial: 'home',
          states: {
            home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' }, invoke: { src: 'loadHome' } },
            other: { id: 'other', route: {}, meta: { path: 'other', title: 'Other' } },
            notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
          },
        },
        toolbar: { initial: 'idle', states: { idle: {}, busy: {} } },
      },
    }),
  );
}

describe('startsAtUrl on a root the machine targets by id (reset: "#app")', () => {
  it('goes on to the machine’s initial state, as the machine as written does, with its URL', () => {
    const { actor, url } = startAt(resetMachine, '/other');
    expect(actor.getSnapshot().value).toBe('other');
    actor.send({ type: 'reset' });
    expect(actor.getSnapshot().value).toBe('home');
    expect(url()).toBe('/');
    const asWritten = createActor(resetMachine).start();
    asWritten.send({ type: 'reset' });
    expect(asWritten.getSnapshot().value).toBe(actor.getSnapshot().value);
  });

  it('still waits for the URL at start, and starts in the initial state when the URL is refused', () => {
    expect(startAt(resetMachine, '/').actor.getSnapshot().value).toBe('home');
    expect(startAt(resetMachine, '/other').actor.getSnapshot().value).toBe('other');
  });
});

describe('startsAtUrl on a parallel root', () => {
  it('enters the deep link’s state first: the pathname region’s initial state (and its actor) never', async () => {
    const loads: string[] = [];
    const { actor, url } = startAt(parallelMachine(loads), '/other');
    expect(actor.getSnapshot().value).toEqual({ page: 'other', toolbar: 'idle' });
    expect(url()).toBe('/other');
    await Promise.resolve();
    expect(loads).toEqual([]);
  });

  it('enters the initial state at / (its actor starts once), and moves between URLs as the machine says', async () => {
    const loads: string[] = [];
    const { actor, url } = startAt(parallelMachine(loads), '/');
    expect(actor.getSnapshot().value).toEqual({ page: 'home', toolbar: 'idle' });
    await Promise.resolve();
    expect(loads).toEqual(['home']);
    actor.send({ type: 'xstate.route', to: '#other' });
    expect(actor.getSnapshot().value).toEqual({ page: 'other', toolbar: 'idle' });
    expect(url()).toBe('/other');
  });
});
