import { stockViews, stockStrings as strings } from '@statechart/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { createApp, preloadActiveViews } from '../src/app';
import { lazyView, viewsFromGlob, type ViewModule } from '../src/views';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

afterEach(cleanup);

it('shows nested views that suspended while their chunks loaded without a conditional use() error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const app = createApp({
      machine: referenceMachine,
      views: {
        ...stockViews(),
        ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
      },
      strings,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await preloadActiveViews(app.router);
    render(app.element);
    // Neither the section's chunk nor its list's is loaded yet: both suspend, then show.
    await act(async () => screen.getByRole('link', { name: 'Section' }).click());
    expect(await screen.findByRole('heading', { name: 'All items' })).toBeTruthy();
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
  } finally {
    errors.mockRestore();
  }
});

it('shows the error state once when a view chunk fails to load, and fetches it again on the next navigation', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    let attempts = 0;
    const flaky = lazyView(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return { View: () => <h1>Editor, second try</h1> };
    });
    const app = createApp({
      machine: referenceMachine,
      views: {
        ...stockViews(),
        ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
        editor: flaky,
      },
      strings,
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    await preloadActiveViews(app.router);
    render(app.element);
    await act(async () => screen.getByRole('link', { name: 'Editor' }).click());
    expect(await screen.findByRole('heading', { name: strings.error.heading })).toBeTruthy();
    expect(attempts).toBe(1);

    await act(async () => screen.getByRole('link', { name: strings.error.home }).click());
    await act(async () => screen.getByRole('link', { name: 'Editor' }).click());
    expect(await screen.findByRole('heading', { name: 'Editor, second try' })).toBeTruthy();
    expect(attempts).toBe(2);
  } finally {
    errors.mockRestore();
  }
});

it('asks a failed view to load again only when a navigation enters its screen: not on a refusal, nor on the move to the error state', () => {
  const retries: string[] = [];
  const spy = (id: string) => ({
    load: () => new Promise<never>(() => {}),
    loaded: () => undefined,
    retry: () => void retries.push(id),
  });
  const views = Object.fromEntries(['home', 'editor', 'section', 'sectionList', 'error'].map((id) => [id, spy(id)]));
  const app = createApp({
    machine: referenceMachine,
    views,
    strings,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  app.sync.navigate('/editor');
  expect(retries).toEqual(['editor']);
  // The editor's view failed: the machine moves to its error state, which enters the error screen.
  app.actor.send({ type: 'view.failed', url: '/editor', message: 'Failed to fetch dynamically imported module' });
  expect(app.actor.getSnapshot().matches('error')).toBe(true);
  // The error screen's own view (entered), not the editor's: the editor is no longer shown.
  expect(retries).toEqual(['editor', 'error']);
  app.sync.navigate('/');
  app.sync.navigate('/editor');
  expect(retries).toEqual(['editor', 'error', 'home', 'editor']);
  // A refused move (unsaved words in the editor): nothing moved, nothing is asked for again.
  app.actor.send({ type: 'editor.change' });
  app.sync.navigate('/section');
  expect(app.sync.getRefusal()?.url).toBe('/section');
  expect(retries).toEqual(['editor', 'error', 'home', 'editor']);
  app.sync.stop();
});
