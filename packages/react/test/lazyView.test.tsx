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
