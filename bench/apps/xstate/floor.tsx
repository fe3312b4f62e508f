/**
 * Benchmark app: the floor for any router built on XState. A machine with one state per screen,
 * `useMachine`, pushState on a link click and popstate → event: about 40 lines of routing, no
 * refusal handling, no nesting, no search params, no lazy views. Same screens and shell markup as
 * the other apps; what ours does above this is the price of the contract.
 *
 * Two entries mount it: bench/apps/xstate (the floor the targets use: every screen drawn
 * by one shared `ScreenView`, updated in place) and bench/apps/xstateKeyed (`viewPerScreen`: the
 * view keyed by screen id, so each navigation unmounts the old view and mounts a new one, as an
 * app with a component per screen does, ours through its Outlet and TanStack Router's routes).
 */
import { useMachine } from '@xstate/react';
import { useEffect, type MouseEvent } from 'react';
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

function App({ viewPerScreen }: { viewPerScreen: boolean }) {
  const [snapshot, send] = useMachine(machine);
  useEffect(() => {
    const onPop = () => send(eventOf(location.pathname));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [send]);
  const link = (screen: Screen) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    history.pushState(null, '', urlOf(screen));
    send({ type: 'go', id: screen.id, param: screen.param });
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

export function mountFloor({ viewPerScreen }: { viewPerScreen: boolean }) {
  createRoot(document.getElementById('root') as HTMLElement).render(<App viewPerScreen={viewPerScreen} />);
  Object.assign(window, { __benchReady: true });
}
