import { act, cleanup, render, waitFor } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setup, type StateValue } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';
import {
  stockStrings as strings,
  createApp,
  preloadActiveViews,
  Link,
  lazyView,
  type ViewRegistry,
  ScreenHeading,
} from '@statechart/react';
import { linksIn } from '../src/links';
import { makeSpec, pathsOf, routeExecutor, type MachineSpec } from '../src/spec';
import { replayThroughUi, type Driver } from '../src/ui';

/**
 * A link that stays dead: every route to #locked is refused by the target's own route guard, and
 * the spec does not name that refusal. The suite must fail on it, naming the screen and the link.
 */
const deadLinkMachine = routed(
  setup({
    types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
    guards: { never: () => false },
  }).createMachine({
    id: 'deadLink',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      locked: { id: 'locked', route: { guard: 'never' }, meta: { path: 'locked', title: 'Locked' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

const view = (heading: string, link?: boolean) =>
  lazyView(async () => ({
    View: () => (
      <article>
        <ScreenHeading>{heading}</ScreenHeading>
        {link && <Link to="#locked">Locked</Link>}
      </article>
    ),
  }));

const views: ViewRegistry = { home: view('Home', true), locked: view('Locked'), notFound: view('Not found') };

const deadLinkSpec: MachineSpec = makeSpec({
  name: 'dead link',
  productName: 'Dead link',
  machine: deadLinkMachine,
  params: { '*': ['/nowhere'] },
  search: {},
  events: [],
  urls: ['/'],
  executors: { 'xstate.route': routeExecutor },
  assertions: { home: { heading: 'Home' }, locked: { heading: 'Locked' }, notFound: { heading: 'Not found' } },
});

async function replayFirstPath(spec: MachineSpec) {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const app = createApp({
    machine: spec.machine,
    views,
    strings: { ...strings, productName: spec.productName },
    history,
  });
  await preloadActiveViews(app.router);
  render(app.element);
  const driver: Driver = {
    route: async (url) => act(async () => app.sync.navigate(url)),
    click: async () => {},
    type: async () => {},
    report: async () => {},
    internal: async () => {},
    waitForState: async (value: StateValue) => waitFor(() => expect(app.actor.getSnapshot().value).toEqual(value)),
    url: async () => history.location.pathname + history.location.search,
    historyLength: async () => history.index + 1,
    check: async () => {},
    links: async () => linksIn(document),
  };
  const [first] = pathsOf(spec);
  try {
    await replayThroughUi(spec, first as NonNullable<typeof first>, driver, undefined, new Set());
  } finally {
    app.sync.stop();
    app.actor.stop();
  }
}

afterEach(cleanup);

describe('links lead where they say', () => {
  it('fails on a link that does nothing, naming the screen and the link', async () => {
    await expect(replayFirstPath(deadLinkSpec)).rejects.toThrow(
      'on screen / (home), the link "Locked" (href /locked) does nothing; it names /locked (#locked)',
    );
  });

  it('accepts the same link when the spec names the refusal', async () => {
    const refusals = { home: { when: () => true, reason: 'locked is never open in this test' } };
    await expect(replayFirstPath({ ...deadLinkSpec, refusals })).resolves.toBeUndefined();
  });
});
