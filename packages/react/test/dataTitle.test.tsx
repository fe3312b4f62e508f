import { act, cleanup, render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { routed, int, type RouteMeta, type RoutedContext, buildRouteTable } from '@statechart/core';
import { screenTitles } from '@statechart/core/internal';
import { stockStrings as strings } from '@statechart/react';
import { createApp, preloadActiveViews } from '../src/app';
import { lazyView } from '../src/views';

interface Context extends RoutedContext<{ id: number }> {
  project?: { name: string };
}

/** A detail screen titled by its data: the name once loaded, "Project {id}" while loading. */
function projectMachine(answer: Promise<{ name: string }>) {
  return routed(
    setup({
      types: { context: {} as Context, meta: {} as RouteMeta<Context> },
      actors: { loadProject: fromPromise(() => answer) },
    }).createMachine({
      id: 'titles',
      context: { params: {} },
      initial: 'home',
      states: {
        home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
        project: {
          id: 'project',
          route: {},
          meta: {
            path: 'projects/:id',
            params: { id: int },
            // Typed: context is the machine's own.
            title: ({ context }) => context.project?.name ?? `Project ${context.params.id}`,
          },
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                src: 'loadProject',
                onDone: { target: 'loaded', actions: assign({ project: ({ event }) => event.output }) },
              },
            },
            loaded: {},
          },
        },
        notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
      },
    }),
  );
}

afterEach(cleanup);

describe('titles from data (meta.title reads the snapshot)', () => {
  it('falls back to the params while loading, then shows the name (screenTitles, no DOM)', async () => {
    let resolve: (value: { name: string }) => void = () => {};
    const machine = projectMachine(new Promise((done) => (resolve = done)));
    const table = buildRouteTable(machine);
    const actor = createActor(machine).start();
    actor.send({ type: 'xstate.route', to: '#project', params: { id: 5 } });
    expect(screenTitles(table, actor.getSnapshot())).toEqual(['Project 5']);
    resolve({ name: 'Apollo' });
    await waitFor(actor, (snapshot) => snapshot.matches({ project: 'loaded' }));
    expect(screenTitles(table, actor.getSnapshot())).toEqual(['Apollo']);
  });

  it('updates document.title when the data arrives, on a deep link', async () => {
    let resolve: (value: { name: string }) => void = () => {};
    const machine = projectMachine(new Promise((done) => (resolve = done)));
    const view = lazyView(async () => ({ View: () => <h1>Project</h1> }));
    const app = createApp({
      machine,
      views: { home: view, project: view, notFound: view },
      strings,
      history: createMemoryHistory({ initialEntries: ['/projects/7'] }),
    });
    await preloadActiveViews(app.router);
    render(app.element);
    expect(document.title).toBe(`Project 7 · ${strings.productName}`);
    await act(async () => resolve({ name: 'Apollo' }));
    expect(document.title).toBe(`Apollo · ${strings.productName}`);
  });
});
