import { stockViews, stockStrings as strings } from '@statechart/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, setup, type AnyStateMachine } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';
import { createApp, preloadActiveViews } from '../src/app';
import { lazyView, viewsFromGlob, type ViewModule } from '../src/views';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

const referenceViews = () => ({
  ...stockViews(),
  ...viewsFromGlob(import.meta.glob<ViewModule>('../../../examples/reference/views/*.view.tsx')),
});

async function renderAt(url: string, machine: AnyStateMachine = referenceMachine, views = referenceViews()) {
  const history = createMemoryHistory({ initialEntries: [url] });
  const app = createApp({ machine, views, strings, history });
  await preloadActiveViews(app.router);
  render(app.element);
  return { ...app, history };
}

afterEach(cleanup);

describe('the app in jsdom with a memory history', () => {
  it('renders the entry screen inside the shell', async () => {
    await renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Reference home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('renders a nested view inside its parent view through the outlet', async () => {
    await renderAt('/section/2');
    const section = screen.getByRole('heading', { level: 1, name: 'Section' }).closest('article');
    expect(section?.contains(screen.getByRole('heading', { level: 2, name: 'Item 2' }))).toBe(true);
  });

  it('renders a parallel region beside the main screen', async () => {
    await renderAt('/editor?overlay=open');
    const main = screen.getByRole('main');
    const children = [...main.children].map(
      (child) => child.getAttribute('aria-label') ?? child.querySelector('h1')?.textContent,
    );
    expect(children).toEqual(['Editor', 'Overlay']);
  });

  it('turns a link click into a route event and pushes the URL', async () => {
    const { history } = await renderAt('/section');
    await act(async () => screen.getByRole('link', { name: 'Item 3' }).click());
    expect(await screen.findByRole('heading', { name: 'Item 3' })).toBeTruthy();
    expect(history.location.pathname).toBe('/section/3');
    expect(history.index).toBe(1);
  });

  it('takes the focus off a link whose click changes the screens, and leaves it on one whose click changes nothing', async () => {
    await renderAt('/');
    const home = screen.getByRole('link', { name: 'Home' });
    home.focus();
    act(() => home.click());
    expect(document.activeElement, 'a link to the screen shown keeps the focus').toBe(home);
    const section = screen.getByRole('link', { name: 'Section' });
    section.focus();
    // In the click itself, before React commits the new screen (removing a focused element then
    // recalculates the page's style at once in Chromium).
    section.click();
    expect(document.activeElement).not.toBe(section);
    expect(await screen.findByRole('heading', { level: 1, name: 'Section' })).toBeTruthy();
  });

  it('keeps the old screen while the next view’s chunk loads, then shows the view: no pending flash', async () => {
    let finish: (module: ViewModule) => void = () => {};
    const slow = lazyView(() => new Promise<ViewModule>((resolve) => (finish = resolve)));
    const { history } = await renderAt('/', referenceMachine, { ...referenceViews(), editor: slow });
    await act(async () => screen.getByRole('link', { name: 'Editor' }).click());
    expect(history.location.pathname, 'the machine and the URL moved at once').toMatch(/\/editor$/);
    expect(screen.getByRole('heading', { name: 'Reference home' })).toBeTruthy();
    expect(screen.queryByText(strings.loading)).toBeNull();
    await act(async () => finish({ View: () => <h1>Editor loaded</h1> }));
    expect(await screen.findByRole('heading', { name: 'Editor loaded' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Reference home' })).toBeNull();
  });

  it('shows the pending state once a view’s chunk takes over a second, then the view', async () => {
    let finish: (module: ViewModule) => void = () => {};
    const slow = lazyView(() => new Promise<ViewModule>((resolve) => (finish = resolve)));
    await renderAt('/', referenceMachine, { ...referenceViews(), editor: slow });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await act(async () => screen.getByRole('link', { name: 'Editor' }).click());
      await act(async () => vi.advanceTimersByTime(999));
      expect(screen.queryByText(strings.loading), 'no pending state within the second').toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByText(strings.loading)).toBeTruthy();
    await act(async () => finish({ View: () => <h1>Editor loaded</h1> }));
    expect(await screen.findByRole('heading', { name: 'Editor loaded' })).toBeTruthy();
    expect(screen.queryByText(strings.loading)).toBeNull();
  });

  it('shows the not-found screen with the URL as typed', async () => {
    await renderAt('/no/such/page');
    expect(screen.getByRole('heading', { name: strings.notFound.heading })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
  });

  it('turns a view that throws into the error state, and keeps navigating', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { actor, history } = await renderAt('/');
      await act(async () => screen.getByRole('link', { name: 'Broken' }).click());
      expect(await screen.findByRole('heading', { name: strings.error.heading })).toBeTruthy();
      expect(actor.getSnapshot().value).toBe('error');
      expect(history.location.pathname).toBe('/broken');
      await act(async () => screen.getByRole('link', { name: strings.error.home }).click());
      expect(await screen.findByRole('heading', { name: 'Reference home' })).toBeTruthy();
    } finally {
      warn.mockRestore();
    }
  });
});

/** A machine of someone else's: no #home, an entry screen of its own, input, an action to swap. */
const welcomeMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { user: string; greeted: number },
      input: {} as { user: string },
      events: {} as RouteEvent,
      meta: {} as RouteMeta,
    },
    actions: { greet: assign({ greeted: ({ context }) => context.greeted + 1 }) },
  }).createMachine({
    context: ({ input }) => ({ params: {}, user: input.user, greeted: 0 }),
    initial: 'welcome',
    states: {
      welcome: { id: 'welcome', route: {}, meta: { path: '/', title: 'Welcome' }, entry: 'greet' },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);
const welcomeViews = () => ({
  ...stockViews(),
  welcome: lazyView(async () => ({ View: () => <h1>Welcome</h1> })),
});

describe('createApp options', () => {
  it('passes input to the machine and lets implementations be swapped (provide)', async () => {
    let greetings = 0;
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const app = createApp({
      machine: welcomeMachine,
      views: welcomeViews(),
      strings,
      history,
      input: { user: 'ada' },
      provide: { actions: { greet: () => void greetings++ } },
    });
    expect(app.actor.getSnapshot().context.user).toBe('ada');
    expect(greetings).toBe(1);
    expect(app.actor.getSnapshot().context.greeted).toBe(0);
  });

  it('resumes from a restored snapshot without running entry actions again, then applies the URL', () => {
    const first = createApp({
      machine: welcomeMachine,
      views: welcomeViews(),
      strings,
      input: { user: 'ada' },
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    const persisted = first.actor.getPersistedSnapshot();
    const again = createApp({
      machine: welcomeMachine,
      views: welcomeViews(),
      strings,
      input: { user: 'ada' },
      snapshot: persisted,
      history: createMemoryHistory({ initialEntries: ['/nowhere'] }),
    });
    expect(again.actor.getSnapshot().value).toBe('notFound');
    expect(again.actor.getSnapshot().context.greeted).toBe(1);
  });

  it('links the stock not-found view to the machine’s own entry screen, whatever its id', async () => {
    const history = createMemoryHistory({ initialEntries: ['/missing'] });
    const app = createApp({ machine: welcomeMachine, views: welcomeViews(), strings, history, input: { user: 'ada' } });
    await preloadActiveViews(app.router);
    render(app.element);
    const home = screen.getByRole('link', { name: strings.notFound.home });
    expect(home.getAttribute('href')).toBe('/');
    await act(async () => home.click());
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
  });
});

describe('a machine with an after timer, without a clock option', () => {
  it('runs its timer on XState’s own clock (an undefined clock option once made every timer throw)', async () => {
    vi.useFakeTimers();
    try {
      const timed = routed(
        setup({
          types: { context: {} as RoutedContext, events: {} as RouteEvent, meta: {} as RouteMeta },
        }).createMachine({
          context: { params: {} },
          initial: 'waiting',
          states: {
            waiting: { id: 'waiting', route: {}, meta: { path: '/' }, after: { 1000: 'done' } },
            done: { id: 'done', route: {}, meta: { path: 'done' } },
            notFound: { id: 'notFound', route: {}, meta: { path: '*' } },
          },
        }),
      );
      const history = createMemoryHistory({ initialEntries: ['/'] });
      const app = createApp({ machine: timed, views: {}, strings, history });
      vi.advanceTimersByTime(1000);
      expect(app.actor.getSnapshot().value).toBe('done');
      expect(history.location.pathname).toBe('/done');
    } finally {
      vi.useRealTimers();
    }
  });
});
