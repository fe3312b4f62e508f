import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { routed, type RouteMeta, type RoutedContext, type RouteEvent } from '@statechart/core';
import { assertCovered, computeCoverage } from '../src/coverage';
import { emptySeen, generatePaths, replayEvents } from '../src/graph';
import { shapesSpec } from '../../../examples/shapes/paths';
import { referenceSpec } from '../../../examples/reference/paths';
import { redirectSpec, wildcardSpec } from './shapes/minimalPaths';
import { checkMaps, generateOptions, makeSpec, routeExecutor, type MachineSpec } from '../src/spec';

/** A small routed machine: home, a screen behind a guard that never passes, and an orphan. */
const brokenMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext,
      events: {} as RouteEvent | { type: 'door.open' },
      meta: {} as RouteMeta,
    },
    guards: { never: () => false },
  }).createMachine({
    id: 'small',
    context: { params: {} },
    initial: 'home',
    states: {
      home: {
        id: 'home',
        route: {},
        meta: { path: '/', title: 'Home' },
        on: { 'door.open': { guard: 'never', target: 'behindDoor' } },
      },
      behindDoor: { id: 'behindDoor', meta: { title: 'Behind the door' } },
      orphan: { id: 'orphan', meta: { title: 'Nobody comes here' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

const smallSpec: MachineSpec = makeSpec({
  name: 'small',
  productName: 'Small',
  machine: brokenMachine,
  params: { '*': ['/nowhere'] },
  search: {},
  events: [{ type: 'door.open' }],
  urls: ['/'],
  executors: {
    'xstate.route': routeExecutor,
    'door.open': () => ({ do: 'click', role: 'button', name: 'Open' }),
  },
  assertions: {
    home: { heading: 'Home' },
    behindDoor: { heading: 'Behind the door' },
    orphan: { heading: 'Nobody comes here' },
    notFound: { heading: 'Not found' },
  },
});

function replayAll(spec: MachineSpec) {
  const seen = emptySeen();
  for (const path of generatePaths(spec.machine, generateOptions(spec))) {
    replayEvents(
      spec.machine,
      path.steps.map((step) => step.event),
      seen,
    );
  }
  return computeCoverage(spec, 'machine', seen);
}

describe('the coverage gate', () => {
  it('fails naming a state that no path reaches', () => {
    expect(() => assertCovered(replayAll(smallSpec))).toThrow('state #orphan was never reached');
  });

  it('fails naming a transition that no path takes', () => {
    expect(() => assertCovered(replayAll(smallSpec))).toThrow(
      'transition #home on door.open [never] → #behindDoor was never taken',
    );
  });

  it('reports the figures of an incomplete replay', () => {
    const report = replayAll(smallSpec);
    expect(report.states).toEqual({ covered: 2, total: 4 });
    expect(report.missingStates).toEqual(['behindDoor', 'orphan']);
  });

  it('fails naming an event that has no executor, and says where to add it', () => {
    const executors = { ...referenceSpec.executors };
    delete executors['item.showNotes'];
    expect(() => checkMaps({ ...referenceSpec, executors })).toThrow(
      `event "item.showNotes" has no executor: add executors['item.showNotes'] to the spec`,
    );
  });

  it('takes executors for the events a wildcard handler receives, and names a sample without one', () => {
    expect(() => checkMaps(wildcardSpec)).not.toThrow();
    const executors = { ...wildcardSpec.executors };
    delete executors['window.blur'];
    expect(() => checkMaps({ ...wildcardSpec, executors })).toThrow(
      'event "window.blur" (taken by "window.*") has no executor',
    );
    expect(() => checkMaps({ ...wildcardSpec, events: [] })).toThrow('event "window.*" has no sample under it');
  });

  it('fails naming a state that has no assertion, and the key to add it under', () => {
    const assertions = { ...referenceSpec.assertions };
    delete assertions.editor;
    expect(() => checkMaps({ ...referenceSpec, assertions })).toThrow(
      `state #editor has no assertion: add assertions['editor'] to the spec`,
    );
  });

  it('accepts the complete maps of both machines', () => {
    expect(() => checkMaps(referenceSpec)).not.toThrow();
    expect(() => checkMaps(shapesSpec)).not.toThrow();
  });
});

describe('the transitions excluded by a rule', () => {
  it("never counts a redirect's own event transitions, at any level", () => {
    const report = computeCoverage(referenceSpec, 'machine', emptySeen());
    expect(report.notApplicable.map((n) => n.transition)).toEqual(['#legacy on route #legacy (in place)']);
  });

  it('excludes at URL-driven levels exactly the reference route transitions no URL sends, with the reason', () => {
    const report = computeCoverage(referenceSpec, 'dom', emptySeen());
    expect(Object.fromEntries(report.notApplicable.map((n) => [n.transition, n.reason.split(':')[0]]))).toEqual({
      '#reference (root) on route #section → #section':
        'its URL means the index child #sectionList, so the router sends a route to #sectionList instead',
      '#reference.app.main on route #section → #section':
        'its URL means the index child #sectionList, so the router sends a route to #sectionList instead',
      '#reference (root) on route #overlayClosed → #overlayClosed': '#overlayClosed is kept in ?overlay=',
      '#reference (root) on route #overlayOpen → #overlayOpen': '#overlayOpen is kept in ?overlay=',
      '#home on route #home (in place)': 'a route to the screen shown with the same params',
      '#section on route #section → #section':
        'its URL means the index child #sectionList, so the router sends a route to #sectionList instead',
      '#sectionItem on route #sectionItem (in place)': 'a route to the screen shown with the same params',
      '#editor on route #editor (in place)': 'a route to the screen shown with the same params',
      '#tour on route #tour (in place)': 'a route to the screen shown with the same params',
      '#tourStop on route #tourStop (in place)': 'a route to the screen shown with the same params',
      '#broken on route #broken (in place)': 'a route to the screen shown with the same params',
      '#newRecord on route #newRecord (in place)': 'a route to the screen shown with the same params',
      '#admin on route #admin (in place)': 'a route to the screen shown with the same params',
      '#notAllowed on route #notAllowed (in place)': 'a route to the screen shown with the same params',
      '#overlayClosed on route #overlayClosed (in place)': 'a route to the screen shown with the same params',
      '#overlayOpen on route #overlayOpen (in place)': 'a route to the screen shown with the same params',
      '#notFound on route #notFound (in place)': 'a route to the screen shown with the same params',
      '#legacy on route #legacy (in place)': '#legacy is left at once by its unguarded always transition',
      // Calls (issue 9): the records screens, shaped like the section.
      '#reference (root) on route #records → #records':
        'its URL means the index child #recordList, so the router sends a route to #recordList instead',
      '#reference.app.main on route #records → #records':
        'its URL means the index child #recordList, so the router sends a route to #recordList instead',
    });
  });

  it('sees that a parent whose child without a URL redirects at once is never the screen shown', () => {
    const report = computeCoverage(redirectSpec, 'machine', emptySeen());
    expect(report.notApplicable).toEqual([
      {
        transition: '#search on route #search (in place)',
        reason:
          'every child of #search has a URL of its own or redirects at once (#redirect.search.checking: an unguarded always), so #search is never the screen shown and its in-place answer is never selected',
      },
    ]);
    // With a guard on its last always too, the child may stay: the parent may be the screen shown.
    const mayStay = routed(
      setup({ types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta } }).createMachine(
        {
          id: 'mayStay',
          context: { params: {} },
          initial: 'search',
          states: {
            search: {
              id: 'search',
              route: {},
              meta: { path: '/', title: 'Search' },
              initial: 'checking',
              states: {
                checking: { always: [{ guard: () => false, target: 'results' }] },
                results: { id: 'results', route: {}, meta: { path: 'results', title: 'Results' } },
              },
            },
          },
        },
      ),
    );
    const spec = makeSpec({ ...redirectSpec, name: 'mayStay', machine: mayStay, assertions: {} });
    expect(computeCoverage(spec, 'machine', emptySeen()).notApplicable).toEqual([]);
  });

  it('keeps the in-place route of a screen with search params: a new search param changes the URL', () => {
    const report = computeCoverage(referenceSpec, 'dom', emptySeen());
    expect(report.missingTransitions).toContain('#sectionList on route #sectionList (in place)');
  });
});

describe('path generation', () => {
  it('names each path by the state it reaches and the events on the way', () => {
    const descriptions = generatePaths(referenceSpec.machine, generateOptions(referenceSpec)).map((p) => p.description);
    expect(descriptions).toContain(
      'reaches /section/3 (section.item.notes, overlay.closed) via route #sectionItem {"id":3} → item.showNotes',
    );
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('never sends an event with an undefined payload field the machine reads', () => {
    for (const path of generatePaths(referenceSpec.machine, generateOptions(referenceSpec))) {
      for (const { event } of path.steps) {
        if (event.type === 'view.failed') expect(typeof event.url).toBe('string');
        if (event.type === 'xstate.route' && event.to === '#sectionItem') {
          expect((event.params as { id?: unknown }).id).toBe(3);
        }
      }
    }
  });

  it('bounds simple paths by a limit', () => {
    const paths = generatePaths(shapesSpec.machine, { ...generateOptions(shapesSpec), traversal: 'simple' });
    expect(paths.length).toBeGreaterThan(3);
    expect(() =>
      generatePaths(referenceSpec.machine, { ...generateOptions(referenceSpec), traversal: 'simple', limit: 10 }),
    ).toThrow('Traversal limit exceeded');
  });
});
