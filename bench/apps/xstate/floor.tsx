/**
 * Benchmark app: the floor for any router built on XState. A machine with one state per screen,
 * `useMachine`, pushState on a link click and popstate → event: about 40 lines of routing, no
 * refusal handling, no nesting, no search params, no lazy views. Same screens and shell markup as
 * the other apps; what ours does above this is the price of the contract.
 *
 * Three entries mount it: bench/apps/xstate (the floor the targets use: every screen drawn
 * by one shared `ScreenView`, updated in place), bench/apps/xstateKeyed (`viewPerScreen`: the
 * view keyed by screen id, so each navigation unmounts the old view and mounts a new one, as an
 * app with a component per screen does, ours through its Outlet and TanStack Router's routes) and
 * bench/apps/xstateVt (`viewTransitions` too: each screen change a view transition, done the way
 * the product shell does it, so that the shell's view transitions have a floor of their own).
 */
import { useMachine } from '@xstate/react';
import { useEffect, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { assign, setup } from 'xstate';
import '@statechart/react/styles.css';
import type { Screen } from '../../../examples/generated/screenList';
import { linksOf, screenById, screens, urlOf } from '../screens';

type Go = { type: 'go'; id: string; param?: number };
const byFirstSegment = new Map(screens.map((screen) => [screen.path.split('/')[1] ?? '', screen]));
/** URL → event: the first segment names the screen, a second one is its int param. */
function eventOf(pathname: string): Go {
  const [, first = '', second] = pathname.split('/');
  const screen = byFirstSegment.get(first);
  const param = Number(second);
  if (!screen || (screen.param === undefined) !== (second === undefined)) return { type: 'go', id: 'notFound' };
  if (screen.param !== undefined && !Number.isInteger(param)) return { type: 'go', id: 'notFound' };
  return { type: 'go', id: screen.id, ...(screen.param !== undefined && { param }) };
}
const targets = [...screens.map((screen) => screen.id), 'notFound'];
const machine = setup({ types: { context: {} as { param?: number }, events: {} as Go } }).createMachine({
  context: {},
  initial: eventOf(location.pathname).id,
  states: Object.fromEntries(targets.map((id) => [id, {}])),
  on: {
    go: targets.map((id) => ({
      guard: ({ event }: { event: Go }) => event.id === id,
      target: `.${id}`,
      actions: assign({ param: ({ event }: { event: Go }) => event.param }),
    })),
  },
});

/**
 * A screen change as a view transition, as the product shell makes one (packages/react/src/
 * viewTransitions.ts): the old screen's element named `screen` before the capture, the new screen
 * committed with flushSync in the update callback and marked entering (styles.css animates it),
 * the mark removed when the transition ends. The direction is the bench's: clicks go forward,
 * traversals back (it never goes Forward).
 */
function inTransition(change: () => void, direction: 'forward' | 'back') {
  const old = document.querySelector<HTMLElement>('main .screen');
  if (old) old.style.viewTransitionName = 'screen';
  let entering: HTMLElement | null = null;
  const done = () => entering?.removeAttribute('data-screen-entering');
  const running = document.startViewTransition({
    update() {
      flushSync(change);
      if (old) old.style.viewTransitionName = '';
      entering = document.querySelector<HTMLElement>('main .screen');
      entering?.setAttribute('data-screen-entering', '');
    },
    types: [direction, 'level-1'],
  });
  running.ready.catch(() => undefined);
  void running.finished.then(done, done);
}

/** `change` as a view transition where the app runs them, else at once. */
function present(change: () => void, direction: 'forward' | 'back', viewTransitions: boolean) {
  if (viewTransitions) inTransition(change, direction);
  else change();
}

function App({ viewPerScreen, viewTransitions }: { viewPerScreen: boolean; viewTransitions: boolean }) {
  const [snapshot, send] = useMachine(machine);
  // The same listener as without view transitions: subscribed once (`send` is stable).
  useEffect(() => {
    const onPop = () => {
      const event = eventOf(location.pathname);
      present(() => send(event), 'back', viewTransitions);
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [send, viewTransitions]);
  const link = (screen: Screen) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    history.pushState(null, '', urlOf(screen));
    present(() => send({ type: 'go', id: screen.id, param: screen.param }), 'forward', viewTransitions);
  };
  const found = screenById.get(String(snapshot.value));
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <span className="brand">Bench</span>
          <nav aria-label="Main">
            <ul className="nav-list">
              <li>
                <a className="nav-link" href="/" onClick={link(screens[0] as Screen)}>
                  Home
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        {found ? (
          <ScreenView
            key={viewPerScreen ? found.screen.id : undefined}
            screen={found.screen}
            index={found.index}
            link={link}
          />
        ) : (
          <h1>Not found</h1>
        )}
      </main>
      <footer className="site-footer">
        <p>Footer</p>
      </footer>
    </>
  );
}

function ScreenView({
  screen,
  index,
  link,
}: {
  screen: Screen;
  index: number;
  link: (to: Screen) => (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { next, jump } = linksOf(index);
  return (
    <article className="screen">
      <h1 tabIndex={-1} className="screen-heading">
        {screen.heading}
      </h1>
      <p>
        <a id="next" href={urlOf(next)} onClick={link(next)}>
          Next
        </a>{' '}
        <a id="jump" href={urlOf(jump)} onClick={link(jump)}>
          Jump
        </a>
      </p>
    </article>
  );
}

export function mountFloor({
  viewPerScreen,
  viewTransitions = false,
}: {
  viewPerScreen: boolean;
  viewTransitions?: boolean;
}) {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <App viewPerScreen={viewPerScreen} viewTransitions={viewTransitions} />,
  );
  Object.assign(window, { __benchReady: true });
}
