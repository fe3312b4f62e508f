import fc from 'fast-check';
import { createMemoryHistory } from '../src/memoryHistory';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type AnyStateMachine } from 'xstate';
import { routed, startsAtUrl } from '../src/routed';
import { type RouteEvent, type RouteMeta, type RoutedContext } from '../src/routeMeta';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';
import { isAppRelative, safeUrl } from '../src/appUrl';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { anyNavigateInput } from '@statechart/paths';

/**
 * The defects a fuzzer found in the URL layer (issue 20), each named after what broke, then the
 * properties that cover them: any input to navigate() lands in a state, every URL written reads
 * back as itself, and navigating to the URL shown changes nothing.
 */
const built = new WeakMap<AnyStateMachine, { app: AnyStateMachine; table: ReturnType<typeof buildRouteTable> }>();
function start(machine: AnyStateMachine, url: string) {
  // Built once per machine: the property tests start hundreds of routers.
  let app = built.get(machine);
  if (!app) {
    const booting = startsAtUrl(machine);
    built.set(machine, (app = { app: booting, table: buildRouteTable(booting) }));
  }
  const table = app.table;
  const history = createMemoryHistory({ initialEntries: [url] });
  const actor = createActor(app.app).start();
  const sync = createRouterSync({ actor, table, history });
  const url_ = () => history.location.pathname + history.location.search;
  return { history, actor, sync, table, url: url_ };
}

/** What a reload at the URL shown brings back: state value and the not-found text. */
function reloaded(machine: AnyStateMachine, url: string) {
  const again = start(machine, url);
  const snapshot = again.actor.getSnapshot();
  return { value: snapshot.value, shown: snapshot.context.params['*'], url: again.url() };
}

const notFound = { id: 'notFound', route: {}, meta: { path: '*' } };

/** Calls started, by name: an invoked callback actor counts when it starts, not when it is made. */
let started: string[] = [];
const call = (name: string) =>
  fromCallback(() => {
    started.push(name);
  });

/** A parallel screen with a search-keyed region whose every state invokes a call. */
const panelMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
    actors: { loadSummary: call('summary'), loadDetails: call('details'), loadBody: call('body') },
  }).createMachine({
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/' } },
      panel: {
        id: 'panel',
        route: {},
        meta: { path: 'panel' },
        type: 'parallel',
        states: {
          body: { initial: 'text', states: { text: { invoke: { src: 'loadBody' } } } },
          side: {
            meta: { searchKey: 'side' },
            initial: 'summary',
            states: {
              summary: { id: 'summary', route: {}, invoke: { src: 'loadSummary' } },
              details: { id: 'details', route: {}, meta: { path: 'details' }, invoke: { src: 'loadDetails' } },
            },
          },
        },
      },
      notFound,
    },
  }),
);

describe('navigate() given a URL that is not app-relative with an unpaired surrogate', () => {
  it.each(['data:/section/1?.=\ud800', 'https://x.example/\udc00', '\ud800'])(
    'lands %j in not-found instead of throwing URIError, and writes a URL that reads back as itself',
    (input) => {
      const { actor, sync, url } = start(referenceMachine, '/');
      expect(() => sync.navigate(input)).not.toThrow();
      expect(actor.getSnapshot().value).toBe('notFound');
      expect(isAppRelative(url())).toBe(true);
      expect(actor.getSnapshot().context.params['*']).toBe(url());
      expect(reloaded(referenceMachine, url())).toEqual({ value: 'notFound', shown: url(), url: url() });
    },
  );

  it('safeUrl never throws and is its own fixed point', () => {
    for (const input of ['\ud800', 'a\udfffb', '//x', '/a b', '/%zz', '/section/./1', 'data:x']) {
      expect(safeUrl(safeUrl(input))).toBe(safeUrl(input));
    }
  });
});

describe('a not-found URL the app writes as one encoded segment', () => {
  it.each([
    ['//section?x', '/%2F%2Fsection%3Fx'],
    ['//evil.example/x', '/%2F%2Fevil.example%2Fx'],
  ])('reads back after a reload with the same not-found text: %j', (input, written) => {
    const { actor, sync, url } = start(referenceMachine, '/section/1');
    sync.navigate(input);
    expect(url()).toBe(written);
    expect(actor.getSnapshot().context.params['*']).toBe(written);
    expect(reloaded(referenceMachine, written)).toEqual({ value: 'notFound', shown: written, url: written });
  });

  it('shows an app-relative not-found URL as the browser spells it, so a reload shows the same text', () => {
    const { actor, sync, url } = start(referenceMachine, '/');
    sync.navigate('/a b/é');
    expect(url()).toBe('/a%20b/%C3%A9');
    expect(actor.getSnapshot().context.params['*']).toBe(url());
  });
});

describe('relative inputs resolve as a browser resolves a link on the page shown', () => {
  it.each([
    ['/section/1', '', '/section/1'],
    ['/section/1', '?', '/section/1'],
    ['/section?q=red', '?', '/section'],
    ['/section?q=red', '#top', '/section?q=red'],
    ['/section/1', '2', '/section/2'],
    ['/section/1', '../editor', '/editor'],
    ['/section/1', './?overlay=open', '/section/?overlay=open'],
  ])('on %s, navigate(%j) shows %s', (from, input, shown) => {
    const { sync, url } = start(referenceMachine, from);
    sync.navigate(input);
    expect(url()).toBe(start(referenceMachine, shown).url());
  });

  it.each(['', '?', '#x'])('navigate(%j) repeated changes nothing: same snapshot, same history', (input) => {
    const { actor, sync, history } = start(referenceMachine, '/section/1?overlay=open');
    sync.navigate(input);
    const before = actor.getSnapshot();
    const index = history.index;
    sync.navigate(input);
    expect(actor.getSnapshot()).toBe(before);
    expect(history.index).toBe(index);
  });
});

describe('a deep link into a search-keyed region', () => {
  it('starts only the calls of the URL’s states: no default region’s call started and stopped', () => {
    started = [];
    const { actor, url } = start(panelMachine, '/panel?side=details');
    expect(actor.getSnapshot().value).toEqual({ panel: { body: 'text', side: 'details' } });
    expect(url()).toBe('/panel?side=details');
    expect(started.sort()).toEqual(['body', 'details']);
  });

  it('does the same for a link from another screen', () => {
    const { sync } = start(panelMachine, '/');
    started = [];
    sync.navigate('/panel?side=details');
    expect(started.sort()).toEqual(['body', 'details']);
  });
});

describe('any string given to navigate()', () => {
  for (const [name, machine, from] of [
    ['reference', referenceMachine, fc.constantFrom('/', '/section/3?overlay=open', '/section?q=a', '/editor')],
    ['panel', panelMachine, fc.constantFrom('/', '/panel', '/panel?side=details')],
  ] as const) {
    it(`lands in a state, writes a URL that reloads to it, and the URL shown changes nothing (${name})`, () => {
      fc.assert(
        fc.property(from, anyNavigateInput, (at, input) => {
          const { actor, sync, url, history } = start(machine, at);
          sync.navigate(input);
          const written = url();
          expect(isAppRelative(written)).toBe(true);
          expect(sync.currentUrl()).toBe(written);
          const snapshot = actor.getSnapshot();
          const again = reloaded(machine, written);
          expect(again.value).toEqual(snapshot.value);
          expect(again.url).toBe(written);
          if (snapshot.value === 'notFound') expect(again.shown).toBe(snapshot.context.params['*']);
          const index = history.index;
          sync.navigate(written);
          sync.navigate('');
          expect(actor.getSnapshot()).toBe(snapshot);
          expect(history.index).toBe(index);
        }),
        { numRuns: 200 },
      );
    });
  }
});
