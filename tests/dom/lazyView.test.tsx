import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { strings } from '../../machines/strings';
import { createApp, preloadActiveViews } from '../../src/app';
import { viewsFromGlob, type ViewModule } from '../../src/routing/views';
import { referenceMachine } from '../reference/referenceMachine';

afterEach(cleanup);

it('shows nested views that suspended while their chunks loaded without a conditional use() error', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const app = createApp({
      machine: referenceMachine,
      views: {
        ...viewsFromGlob(import.meta.glob<ViewModule>('../../src/views/{notFound,error}.view.tsx')),
        ...viewsFromGlob(import.meta.glob<ViewModule>('../reference/views/*.view.tsx')),
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
