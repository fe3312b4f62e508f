import fc from 'fast-check';
import { createMemoryHistory } from '../src/memoryHistory';
import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type AnyStateMachine } from 'xstate';
import { routed, startsAtUrl } from '../src/routed';
import { int, text, type RouteEvent, type RouteMeta, type RoutedContext } from '../src/routeMeta';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';
import { linkLocations } from '../src/links';
import { isAppRelative, MAX_URL_LENGTH } from '../src/appUrl';
import { format, href, hrefFor, resolveUrl } from '../src/locations';
import { screensOf } from '../src/screens';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { shapesMachine } from '../../../examples/shapes/shapesMachine';

/**
 * The routing contract on small machines of other shapes than ours, one per broken promise
 * (issue 8): each test is named after what broke. The app runs its machine through
 * startsAtUrl(); so do these.
 */
function start(machine: AnyStateMachine, url: string, entries: string[] = []) {
  const app = startsAtUrl(machine);
  const table = buildRouteTable(app);
  const history = createMemoryHistory({ initialEntries: [...entries, url], initialIndex: entries.length });
  const actor = createActor(app).start();
  const sync = createRouterSync({ actor, table, history });
  const url_ = () => history.location.pathname + history.location.search + history.location.hash;
  return { history, actor, sync, table, url: url_ };
}

type Ctx = RoutedContext;
/** Entry counts by state name, from plain entry functions (they run only when the actor enters). */
let entries: Record<string, number> = {};
const count = (name: string) => () => {
  entries[name] = (entries[name] ?? 0) + 1;
};
const notFound = { id: 'notFound', route: {}, meta: { path: '*' } };

/** A routable parent whose first child has no URL, and a routable child (a quiz: loading → question). */
const gameMachine = routed(
  setup({
    types: { context: {} as Ctx, events: {} as RouteEvent | { type: 'game.next' }, meta: {} as RouteMeta },
  }).createMachine({
    id: 'quiz',
    context: { params: {} },
    initial: 'game',
    states: {
      game: {
        id: 'game',
        route: {},
        meta: { path: '/' },
        entry: count('game'),
        initial: 'loading',
        states: {
          loading: { entry: count('loading'), on: { 'game.next': 'question' } },
          question: { id: 'question', route: {}, meta: { path: 'question' } },
        },
      },
      projects: {
        id: 'projects',
        route: {},
        meta: { path: 'projects' },
        entry: count('projects'),
        initial: 'overview',
        states: {
          overview: {},
          project: { id: 'project', route: {}, meta: { path: ':id', params: { id: int } } },
        },
      },
      notFound,
    },
  }),
);

beforeEach(() => {
  entries = {};
});

describe('1. a URL naming a routable ancestor of the screen shown', () => {
  it('shows the ancestor’s own screen on Back instead of snapping forward as a refusal', () => {
    const { actor, history, url } = start(gameMachine, '/');
    actor.send({ type: 'game.next' });
    expect(url()).toBe('/question');
    history.go(-1);
    expect(url()).toBe('/');
    expect(actor.getSnapshot().value).toEqual({ game: 'loading' });
    expect(entries).toEqual({ game: 1, loading: 2 });
    expect(history.index).toBe(0);
  });

  it('follows a link to the ancestor, exiting only below it', () => {
    const { actor, sync, url } = start(gameMachine, '/projects/2');
    sync.navigate('/projects');
    expect(url()).toBe('/projects');
    expect(actor.getSnapshot().value).toEqual({ projects: 'overview' });
    expect(entries.projects).toBe(1);
  });

  it('still does nothing for the URL you are on when the ancestor is the screen shown', () => {
    const { actor, sync, history } = start(gameMachine, '/projects');
    const before = actor.getSnapshot();
    sync.navigate('/projects');
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(entries.projects).toBe(1);
    expect(history.index).toBe(0);
  });
});

/** A parallel state below a compound, with two regions kept in search params. */
const kitchenMachine = routed(
  setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine({
    id: 'house',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/' } },
      kitchen: {
        id: 'kitchen',
        route: {},
        meta: { path: 'kitchen' },
        type: 'parallel',
        states: {
          dry: {
            meta: { searchKey: 'dry' },
            initial: 'shelf',
            states: {
              shelf: { id: 'shelf', route: {} },
              jar: { id: 'jar', route: {}, meta: { path: 'jar' } },
            },
          },
          wet: {
            meta: { searchKey: 'wet' },
            initial: 'sink',
            states: {
              sink: { id: 'sink', route: {} },
              tap: { id: 'tap', route: {}, meta: { path: 'tap' } },
            },
          },
        },
      },
      notFound,
    },
  }),
);

describe('2. search-keyed regions of a parallel state below a compound', () => {
  it('leave every other URL alone: loading / shows home, not the kitchen', () => {
    const { actor, url } = start(kitchenMachine, '/');
    expect(actor.getSnapshot().value).toBe('home');
    expect(url()).toBe('/');
  });

  it('apply while their parallel state is shown, absent keys meaning each region’s default', () => {
    const { actor, sync, url } = start(kitchenMachine, '/kitchen?dry=jar');
    expect(actor.getSnapshot().value).toEqual({ kitchen: { dry: 'jar', wet: 'sink' } });
    sync.navigate('/kitchen?wet=tap');
    expect(actor.getSnapshot().value).toEqual({ kitchen: { dry: 'shelf', wet: 'tap' } });
    expect(url()).toBe('/kitchen?wet=tap');
  });

  it('are dropped from the URL when the pathname shows another screen', () => {
    const { actor, url, history } = start(kitchenMachine, '/?dry=jar');
    expect(actor.getSnapshot().value).toBe('home');
    expect(url()).toBe('/');
    expect(history.index).toBe(0);
  });

  it('are refused at start-up when no pathname URL can show their parallel state, saying how to fix it', () => {
    const hidden = routed(
      setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine(
        {
          context: { params: {} },
          initial: 'home',
          states: {
            home: { id: 'home', route: {}, meta: { path: '/' } },
            pantry: {
              type: 'parallel',
              states: {
                left: { meta: { searchKey: 'left' }, initial: 'a', states: { a: { id: 'a', route: {} } } },
                right: { meta: { searchKey: 'right' }, initial: 'b', states: { b: { id: 'b', route: {} } } },
              },
            },
            notFound,
          },
        },
      ),
    );
    expect(() => buildRouteTable(hidden)).toThrow(
      /which no pathname URL shows: give #\(machine\)\.pantry .*route: \{\}/,
    );
  });
});

describe('3. a deep link', () => {
  it('enters the URL’s state first: the initial state’s entry actions and actors never run', () => {
    let homeWork = 0;
    const machine = routed(
      setup({
        types: { context: {} as Ctx, events: {} as RouteEvent, meta: {} as RouteMeta },
        actors: { homeFetch: fromCallback(() => void homeWork++) },
      }).createMachine({
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '/' }, entry: count('home'), invoke: { src: 'homeFetch' } },
          other: { id: 'other', route: {}, meta: { path: 'other' }, entry: count('other') },
          notFound,
        },
      }),
    );
    const { url } = start(machine, '/other');
    expect(url()).toBe('/other');
    expect(entries).toEqual({ other: 1 });
    expect(homeWork).toBe(0);
  });

  it('that the machine refuses enters the machine’s own initial state, once', () => {
    const machine = routed(
      setup({
        types: { context: {} as Ctx, events: {} as RouteEvent, meta: {} as RouteMeta },
        guards: { never: () => false },
      }).createMachine({
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '/' }, entry: count('home') },
          vault: { id: 'vault', route: { guard: 'never' }, meta: { path: 'vault' }, entry: count('vault') },
          notFound,
        },
      }),
    );
    const { url, history } = start(machine, '/vault');
    expect(url()).toBe('/');
    expect(history.index).toBe(0);
    expect(entries).toEqual({ home: 1 });
  });
});

describe('4. Back onto a URL that means the screen shown', () => {
  it('replaces a redirecting entry whose target is the page shown, instead of bouncing forward', () => {
    const { history, url, actor } = start(referenceMachine, '/', ['/old']);
    history.go(-1);
    expect(url()).toBe('/');
    expect(history.index).toBe(0);
    expect(actor.getSnapshot().matches({ app: { main: 'home' } })).toBe(true);
  });

  it('replaces a non-canonical spelling of the screen shown with the canonical URL', () => {
    const { history, url } = start(referenceMachine, '/section/1', ['/section/01']);
    history.go(-1);
    expect(url()).toBe('/section/1');
    expect(history.index).toBe(0);
  });
});

describe('5. a top-level final state', () => {
  it('is refused at start-up, saying where to put it', () => {
    const machine = routed(
      setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine(
        {
          context: { params: {} },
          initial: 'home',
          states: {
            home: { id: 'home', route: {}, meta: { path: '/' }, on: { 'xstate.route': undefined } },
            done: { type: 'final' },
            notFound,
          },
        },
      ),
    );
    expect(() => buildRouteTable(machine)).toThrow(/final state at the top of the machine.*onDone/);
  });
});

describe('6. a URL-driven move that the machine refuses in part', () => {
  it('changes nothing and restores the history position without rewriting any entry', () => {
    const { actor, sync, history, url } = start(referenceMachine, '/');
    sync.navigate('/?overlay=open');
    sync.navigate('/editor?overlay=open');
    actor.send({ type: 'editor.change' });
    history.go(-2);
    expect(url()).toBe('/editor?overlay=open');
    expect(history.index).toBe(2);
    expect(actor.getSnapshot().matches({ app: { main: 'editor', overlay: 'open' } })).toBe(true);
    // The entries behind are intact: once saved, Back twice reaches the first one as it was.
    actor.send({ type: 'editor.save' });
    history.go(-2);
    expect(url()).toBe('/');
    expect(actor.getSnapshot().matches({ app: { main: 'home', overlay: 'closed' } })).toBe(true);
  });

  it('lets the machine hear the refused event (its refusal may warn), without moving it', () => {
    const { actor, sync } = start(referenceMachine, '/editor');
    actor.send({ type: 'editor.change' });
    const seen: string[] = [];
    actor.system.inspect((event) => {
      if (event.type === '@xstate.event') seen.push(event.event.type);
    });
    sync.navigate('/section');
    expect(seen).toEqual(['xstate.route']);
    expect(actor.getSnapshot().matches({ app: { main: 'editor' } })).toBe(true);
  });
});

describe('7. every URL the app writes loads back to the same state', () => {
  const table = buildRouteTable(referenceMachine);

  it('is not-found from the start when its canonical spelling would pass the length limit', () => {
    const url = `/section?q=${'('.repeat(680)}`;
    expect(url.length).toBeLessThan(MAX_URL_LENGTH);
    expect(resolveUrl(table, url)[0]?.route.id).toBe('notFound');
  });

  it('reads -0 as 0, so that the URL written (0) is the state’s', () => {
    const { actor, url } = start(referenceMachine, '/section/-0');
    expect(Object.is(actor.getSnapshot().context.params.id, 0)).toBe(true);
    expect(url()).toBe('/section/0');
  });

  it('writes its own URLs without a hash, and leaves a fragment’s entry as the browser made it (on load, on Back)', () => {
    const { sync, history, url } = start(referenceMachine, '/section/1#top', ['/editor#x']);
    expect(url()).toBe('/section/1#top');
    sync.navigate('/section/2#bottom');
    expect(url()).toBe('/section/2');
    // Fragments are the browser's (docs/routing.md): rewriting the entry would leave a duplicate.
    history.go(-2);
    expect(url()).toBe('/editor#x');
  });

  it('round-trips: the URL of any state a URL leads to leads back to that state', { timeout: 60_000 }, () => {
    const segment = fc.oneof(
      // Dot segments and empty ones too: `/.//section` resolves to a path starting `//`.
      fc.constantFrom('section', 'editor', 'old', 'broken', '01', '-0', '7', '%20', '%zz', '.', '..', '', '%2e'),
      fc.string({ maxLength: 6 }),
    );
    const query = fc.array(fc.tuple(fc.constantFrom('q', 'page', 'overlay', 'x'), fc.string({ maxLength: 900 })), {
      maxLength: 3,
    });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 3 }), query, (segments, pairs) => {
        const search = pairs.map(([key, value]) => `${key}=${value}`).join('&');
        const typed = `/${segments.join('/')}${search ? `?${search}` : ''}`;
        const { actor } = start(referenceMachine, typed);
        const written = href(table, actor.getSnapshot());
        expect(written.length).toBeLessThanOrEqual(MAX_URL_LENGTH);
        const again = start(referenceMachine, written);
        expect(again.actor.getSnapshot().value).toEqual(actor.getSnapshot().value);
        expect(href(table, again.actor.getSnapshot())).toBe(written);
      }),
      { numRuns: 300 },
    );
  });

  it.each(['/.//section?q=a', '/..//section', '/.//', '/section/..//x?q=1'])(
    'reads %j back as the same not-found text after the app writes it',
    (typed) => {
      const { actor, url } = start(referenceMachine, typed);
      const written = href(table, actor.getSnapshot());
      expect(url()).toBe(written);
      expect(actor.getSnapshot().context.params['*'] ?? written).toBe(written);
      const again = start(referenceMachine, written);
      expect(again.actor.getSnapshot().value).toEqual(actor.getSnapshot().value);
      expect(again.actor.getSnapshot().context.params).toEqual(actor.getSnapshot().context.params);
    },
  );

  it('formats what it resolves to a URL that resolves the same', () => {
    for (const url of ['/section/3?q=a%20b&page=2', '/section?overlay=open', '/editor']) {
      const locations = resolveUrl(table, url);
      expect(resolveUrl(table, format(locations)).map((l) => [l.route.id, l.params])).toEqual(
        locations.map((l) => [l.route.id, l.params]),
      );
    }
  });
});

describe('8. URLs that would leave the origin', () => {
  it.each(['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x', '/\t/evil.example/x'])(
    'navigate(%j) shows not-found and writes a URL on our origin, which the not-found text shows',
    (target) => {
      const { actor, sync, url } = start(referenceMachine, '/');
      sync.navigate(target);
      expect(actor.getSnapshot().value).toBe('notFound');
      expect(actor.getSnapshot().context.params['*']).toBe(url());
      expect(isAppRelative(url())).toBe(true);
      expect(new URL(url(), 'https://app.example').origin).toBe('https://app.example');
    },
  );
});

describe('9. screen identity', () => {
  const notes = routed(
    setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine({
      context: { params: {} },
      initial: 'home',
      states: {
        home: { id: 'home', route: {}, meta: { path: '/' } },
        pair: { id: 'pair', route: {}, meta: { path: 'pair/:a/:b', params: { a: text, b: text } } },
        notFound,
      },
    }),
  );

  it('is structural: params with spaces, commas and parentheses name one screen, and distinct pairs differ', () => {
    const { sync, table, actor } = start(notes, '/pair/x%2Cy/z');
    const first = screensOf(table, actor.getSnapshot());
    sync.navigate('/pair/x/y%2Cz');
    expect(sync.getNavigation().entered).toEqual(['pair']);
    expect(screensOf(table, actor.getSnapshot())[0]?.key).not.toBe(first[0]?.key);
    sync.navigate(`/pair/${encodeURIComponent('a b')}/${encodeURIComponent('x home()')}`);
    expect(sync.getNavigation().entered).toEqual(['pair']);
  });
});

describe('11. error messages', () => {
  it('name a state id with one #', () => {
    const table = buildRouteTable(referenceMachine);
    const snapshot = createActor(referenceMachine).start().getSnapshot();
    expect(() => hrefFor(table, snapshot, '#nowhere')).toThrow('hrefFor: no routable state #nowhere');
  });
});

describe('12. a link’s route events', () => {
  // Any value a link may be given: ones that read back as themselves, and ones the URL reads otherwise.
  const value = fc.oneof(
    fc.constantFrom<unknown>(-0, 0, 7, 1.5, -3, undefined, '', '.', '..', 'new', 'x', 'a b', '%', '/', 'x?y', '\ud800'),
    fc.integer(),
    fc.string({ maxLength: 8 }),
    fc.string({ minLength: 300, maxLength: 400 }),
  );
  /** Text params, a static segment beside a param, an index child, and a search name two parts share. */
  const edges = routed(
    setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine({
      id: 'edges',
      type: 'parallel',
      context: { params: {} },
      states: {
        page: {
          initial: 'home',
          states: {
            home: { id: 'home', route: {}, meta: { path: '/', search: { q: text } } },
            pair: { id: 'pair', route: {}, meta: { path: 'pair/:a/:b', params: { a: text, b: text } } },
            fresh: { id: 'fresh', route: {}, meta: { path: 'pair/new/x' } },
            // Params whose text does not read back as itself: what the URL reads is longer, or shorter.
            grow: {
              id: 'grow',
              route: {},
              meta: { path: 'grow/:g', params: { g: { parse: (raw) => raw.repeat(20), format: String } } },
            },
            shrink: {
              id: 'shrink',
              route: {},
              meta: { path: 'shrink/:s', params: { s: { parse: (raw) => raw.slice(0, 1), format: String } } },
            },
            list: {
              id: 'list',
              route: {},
              meta: { path: 'list' },
              initial: 'all',
              states: { all: { id: 'all', route: {}, meta: { path: '' } } },
            },
            notFound: { id: 'notFound', route: {}, meta: { path: '*' } },
          },
        },
        panel: {
          meta: { searchKey: 'panel' },
          initial: 'closed',
          states: {
            closed: { id: 'closed', route: {}, meta: { path: '' } },
            open: { id: 'open', route: {}, meta: { path: 'open/:tab', params: { tab: text }, search: { q: text } } },
          },
        },
      },
    }),
  );
  const machines = { reference: referenceMachine, shapes: shapesMachine, game: gameMachine, edges };
  type Link = { to: string; params: Record<string, unknown> };
  /** Cases the random ones rarely meet, on the edges machine: each one the URL reads otherwise. */
  const edgeCases: [Link, Link][] = [
    [
      { to: 'home', params: {} },
      { to: 'grow', params: { g: 'g'.repeat(110) } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'shrink', params: { s: 's'.repeat(2100) } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'pair', params: { a: '.', b: 'x' } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'pair', params: { a: 'x', b: '..' } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'pair', params: { a: 'new', b: 'x' } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'pair', params: { a: 'é'.repeat(200), b: 'é'.repeat(200) } },
    ],
    [
      { to: 'home', params: { q: 'kept' } },
      { to: 'open', params: { tab: 'x', q: 'mine' } },
    ],
    [
      { to: 'home', params: {} },
      { to: 'list', params: {} },
    ],
    [
      { to: 'home', params: {} },
      { to: 'open', params: { tab: 'a b' } },
    ],
  ];

  it.each(Object.entries(machines))(
    'on the %s machine are the locations its URL names, or left to the URL',
    (_, machine) => {
      const table = buildRouteTable(startsAtUrl(machine));
      const ids = [...table.routes.keys()];
      const names = ['id', 'q', 'page', 'a', 'b', '*', 'tab'];
      const link: fc.Arbitrary<Link> = fc.record({
        to: fc.constantFrom(...ids),
        params: fc.record(Object.fromEntries(names.map((name) => [name, value])), { requiredKeys: [] }),
      });
      let direct = 0;
      fc.assert(
        fc.property(link, link, (from, to) => {
          // A state to link from: where the app lands on a link's URL from its start.
          const { actor, table } = start(machine, '/');
          let at: string;
          try {
            at = hrefFor(table, actor.getSnapshot(), `#${from.to}`, from.params);
          } catch {
            return;
          }
          const snapshot = start(machine, at).actor.getSnapshot();
          let url: string;
          try {
            url = hrefFor(table, snapshot, `#${to.to}`, to.params);
          } catch {
            // A value the URL cannot be written with (a lone surrogate in a path): the link never renders.
            return;
          }
          const locations = linkLocations(table, snapshot, `#${to.to}`, to.params);
          if (locations) direct++;
          if (locations) expect(locations).toEqual(resolveUrl(table, url));
        }),
        { numRuns: 400, examples: machine === edges ? edgeCases : [] },
      );
      expect(direct).toBeGreaterThan(0);
    },
  );
});
