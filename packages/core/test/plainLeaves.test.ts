/**
 * startsAtUrl() builds the app's machine without routed()'s in-place answer on plain screens right
 * under a compound root: XState's own route transition re-enters them, which runs nothing there. These
 * tests hold the app's machine to the machine as written on every kind of route to the screen shown,
 * and show the answer kept wherever re-entering would run something.
 */
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, type AnyStateMachine } from 'xstate';
import { int, type RouteEvent, type RouteMeta, type RoutedContext } from '../src/routeMeta';
import { BOOT_EVENT, routed, startsAtUrl } from '../src/routed';

type Context = RoutedContext & { entered: number };

const machine = routed(
  setup({
    types: { context: {} as Context, events: {} as RouteEvent, meta: {} as RouteMeta },
    actions: { count: assign({ entered: ({ context }) => context.entered + 1 }) },
  }).createMachine({
    id: 'app',
    context: { params: {}, entered: 0 },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      list: { id: 'list', route: {}, meta: { path: 'list', title: 'List', search: { page: int } } },
      item: { id: 'item', route: {}, meta: { path: 'item/:id', title: 'Item', params: { id: int } } },
      counted: { id: 'counted', route: {}, entry: 'count', meta: { path: 'counted', title: 'Counted' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

const route = (to: `#${string}`, params: Record<string, unknown> = {}): RouteEvent => ({
  type: 'xstate.route',
  to,
  params,
});

/** An actor on `m` moved to `first`, then sent `then`: its value and context after each. */
function run(m: AnyStateMachine, first: RouteEvent, then: RouteEvent) {
  const actor = createActor(m).start();
  actor.send(first);
  // startsAtUrl's machine waits in its boot state until the first route (or BOOT_EVENT).
  actor.send({ type: BOOT_EVENT });
  const before = actor.getSnapshot();
  actor.send(then);
  const after = actor.getSnapshot();
  actor.stop();
  return [before, after].map(({ value, context }) => ({ value, context }));
}

const cases: Array<[string, RouteEvent, RouteEvent]> = [
  ['the same screen', route('#home'), route('#home')],
  ['the same screen with a new search param', route('#list', { page: 1 }), route('#list', { page: 2 })],
  ['the same screen without its search param', route('#list', { page: 3 }), route('#list')],
  ['the same path param', route('#item', { id: 4 }), route('#item', { id: 4 })],
  ['a new path param', route('#item', { id: 4 }), route('#item', { id: 5 })],
  ['the not-found screen with another URL', route('#notFound', { '*': '/a' }), route('#notFound', { '*': '/b' })],
  ['a screen that counts its entries', route('#counted'), route('#counted')],
];

describe("startsAtUrl's machine on a route to the screen shown", () => {
  it.each(cases)('answers a route to %s as the machine as written does', (_, first, then) => {
    expect(run(startsAtUrl(machine), first, then)).toEqual(run(machine, first, then));
  });

  it('keeps the in-place answer where re-entering would run the entry action again', () => {
    const [, after] = run(startsAtUrl(machine), route('#counted'), route('#counted'));
    expect(after?.context).toMatchObject({ entered: 1 });
  });

  it('builds no transition of its own on a plain screen, and keeps it where the screen runs something', () => {
    const app = startsAtUrl(machine);
    const own = (id: string) => app.getStateNodeById(id).transitions.has('xstate.route');
    expect(['home', 'list', 'item', 'notFound'].map(own)).toEqual([false, false, false, false]);
    expect(own('counted')).toBe(true);
    // The machine as written keeps every answer: tests, path generation and diagrams read it.
    expect(machine.getStateNodeById('home').transitions.has('xstate.route')).toBe(true);
  });
});
