import { stockViews, stockStrings as strings } from '@statechart/react';
import { cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { initialTransition, setup, transition, type AnyStateMachine } from 'xstate';
import { routed, int, type RouteMeta, type RoutedContext, buildRouteTable } from '@statechart/core';
import { createApp, preloadActiveViews } from '../src/app';
import { viewsFromGlob, type ViewModule } from '../src/views';
import { navIdsAboveScreen } from '../src/navEntries';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

/** A list with a sibling form below its URL, a param screen below the list, and an unrelated entry. */
const machine = routed(
  setup({ types: { context: {} as RoutedContext, meta: {} as RouteMeta } }).createMachine({
    id: 'nav',
    context: { params: {} },
    initial: 'home',
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home', nav: 'Home' } },
      projects: { id: 'projects', route: {}, meta: { path: 'projects', title: 'Projects', nav: 'Projects' } },
      newProject: { id: 'newProject', route: {}, meta: { path: 'projects/new', title: 'New', nav: 'New project' } },
      project: { id: 'project', route: {}, meta: { path: 'projects/:id', params: { id: int }, title: 'Project' } },
      pro: { id: 'pro', route: {}, meta: { path: 'projectsx', title: 'Pro', nav: 'Pro' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
const table = buildRouteTable(machine as AnyStateMachine);
const at = (to: string, params: Record<string, unknown> = {}) =>
  navIdsAboveScreen(
    table,
    transition(machine, initialTransition(machine)[0], { type: 'xstate.route', to, params } as never)[0],
  );

describe('the header marks the entry above the screen shown, by URL (src/navEntries.ts)', () => {
  it('marks the list for a sibling form and a param screen below its URL, and nothing else', () => {
    expect(at('#newProject')).toBe('projects');
    expect(at('#project', { id: 5 })).toBe('projects');
  });

  it('marks nothing on the list itself, on a path that only starts with the same letters, on / and on not-found', () => {
    expect(at('#projects')).toBe('');
    expect(at('#pro')).toBe('');
    expect(at('#home')).toBe('');
    expect(at('#notFound', { '*': '/projects/x/y' })).toBe('');
  });
});

describe('in the shell', () => {
  afterEach(cleanup);

  it('marks "Records" current (true) on /records/new, and the form\'s own entry as the page', async () => {
    const views = {
      ...stockViews(),
      ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
    };
    const app = createApp({
      machine: referenceMachine,
      views,
      strings,
      history: createMemoryHistory({ initialEntries: ['/records/new'] }),
    });
    await preloadActiveViews(app.router);
    render(app.element);
    const nav = screen.getByRole('navigation');
    const current = [...nav.querySelectorAll('a[aria-current]')].map(
      (a) => `${a.textContent} ${a.getAttribute('aria-current')}`,
    );
    expect(current, 'header links with aria-current on /records/new').toEqual(['Records true', 'New record page']);
  });
});
