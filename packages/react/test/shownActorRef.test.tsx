import { act, cleanup, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, setup, type AnyMachineSnapshot } from 'xstate';
import { createMemoryHistory, routed, type RouteMeta, type RoutedContext } from '@statechart/core';
import { createApp, preloadActiveViews } from '../src/app';
import { useActorRef } from '../src/routing';
import { shownActorOf } from '../src/shown';
import { lazyView } from '../src/views';
import { stockStrings } from '../src/stockStrings';

/**
 * The shown actor ref (packages/react/src/shown.ts) as @xstate/react and other actor consumers use
 * it, in jsdom (no view transitions, so nothing is held: the hold itself is tested in Chromium,
 * packages/react/test/browser/shownActorRef.test.ts).
 */
const machine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { count: number },
      meta: {} as RouteMeta,
      events: {} as { type: 'count.up' },
    },
  }).createMachine({
    id: 'app',
    context: { params: {}, count: 0 },
    initial: 'home',
    on: { 'count.up': { actions: assign({ count: ({ context }) => context.count + 1 }) } },
    states: {
      home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

function Counter() {
  const actor = useActorRef();
  const count = useSelector(actor, (snapshot: AnyMachineSnapshot) => (snapshot.context as { count: number }).count);
  return (
    <button type="button" onClick={() => actor.send({ type: 'count.up' })}>
      {`Count ${count}`}
    </button>
  );
}

async function start() {
  const app = createApp({
    machine,
    views: { home: lazyView(async () => ({ View: Counter })), notFound: lazyView(async () => ({ View: () => null })) },
    strings: stockStrings,
    history: createMemoryHistory(),
  });
  await preloadActiveViews(app.router);
  render(app.element);
  return app;
}

afterEach(cleanup);

describe('useActorRef(): the actor as React shows it', () => {
  it("is read by @xstate/react's useSelector, and its send reaches the machine", async () => {
    const app = await start();
    const button = await screen.findByRole('button', { name: 'Count 0' });
    await act(async () => button.click());
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeTruthy();
    expect((app.actor.getSnapshot().context as { count: number }).count).toBe(1);
  });

  it("is one object per router, whose snapshot is the actor's when nothing is held", async () => {
    const app = await start();
    const ref = shownActorOf(app.router);
    expect(shownActorOf(app.router)).toBe(ref);
    expect([ref.id, ref.sessionId]).toEqual([app.actor.id, app.actor.sessionId]);
    expect(ref.getSnapshot()).toBe(app.actor.getSnapshot());
  });

  it('tells a listener or an observer each snapshot shown, until unsubscribed', async () => {
    const app = await start();
    const ref = shownActorOf(app.router);
    const heard: string[] = [];
    const byListener = ref.subscribe((snapshot) =>
      heard.push(`listener ${(snapshot.context as { count: number }).count}`),
    );
    const byObserver = ref.subscribe({
      next: (snapshot) => heard.push(`observer ${(snapshot.context as { count: number }).count}`),
    });
    act(() => ref.send({ type: 'count.up' }));
    byListener.unsubscribe();
    act(() => ref.send({ type: 'count.up' }));
    byObserver.unsubscribe();
    act(() => ref.send({ type: 'count.up' }));
    expect(heard).toEqual(['listener 1', 'observer 1', 'observer 2']);
    expect((app.actor.getSnapshot().context as { count: number }).count).toBe(3);
  });
});
