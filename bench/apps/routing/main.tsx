/**
 * Benchmark app: ours, routing only. The same generated machine, route table, URL sync and views as
 * bench/apps/ours, but the shell is the plain app's markup (header, main, footer) without the
 * product shell's navigation effects (title, announcement, focus on the new heading, scroll
 * restoration) or its error boundary, so that the routing is compared like for like with the
 * react-router-dom and TanStack apps; ours − this = the shell's cost. It wires machine, table, sync
 * and views as createApp does (packages/react/src/app.tsx), without importing it (createApp's element holds the
 * Shell, which would then be in this bundle), and renders the entry screen's view before mounting.
 * Its history is the one mountApp picks: the Navigation API adapter where `window.navigation` exists
 * (Chromium), the History API adapter (react-router's history, a chunk of its own) only where not.
 */
import { createRoot } from 'react-dom/client';
import { createActor } from 'xstate';
import { startsAtUrl, createRouterSync, buildRouteTable } from '@statechart/core';
import {
  createNavigationHistory,
  Link,
  Outlet,
  preloadActiveViews,
  RouterProvider,
  useViewId,
  type Router,
  lazyView,
  type ViewRegistry,
} from '@statechart/react';
import '@statechart/react/styles.css';
import { generatedMachine } from '../../../examples/generated/generated';
import { linksOf, screenById, screens } from '../screens';

function Layout() {
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
                <Link className="nav-link" to="#home">
                  Home
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>Footer</p>
      </footer>
    </>
  );
}

function ScreenView() {
  const found = screenById.get(useViewId() ?? '');
  if (!found) return <h1>Not found</h1>;
  const { next, jump } = linksOf(found.index);
  const params = (screen: typeof next) => (screen.param === undefined ? undefined : { id: screen.param });
  return (
    <article className="screen">
      <h1 tabIndex={-1} className="screen-heading">
        {found.screen.heading}
      </h1>
      <p>
        <Link id="next" to={`#${next.id}`} params={params(next)}>
          Next
        </Link>{' '}
        <Link id="jump" to={`#${jump.id}`} params={params(jump)}>
          Jump
        </Link>
      </p>
    </article>
  );
}

const views: ViewRegistry = {};
for (const id of [...screens.map((screen) => screen.id), 'notFound']) {
  views[id] = lazyView(async () => ({ View: ScreenView }));
}

const machine = startsAtUrl(generatedMachine(screens.length));
const table = buildRouteTable(machine);
const actor = createActor(machine).start();

/**
 * As mountApp: the history (the History API adapter loaded first where the Navigation API is
 * missing), the active screen's view loaded before the first render, the others after it; the
 * bench starts once all are in (ours, with the shell, waits for the same). No top-level await, as in
 * a product's main.tsx (bench/apps/ours/main.tsx says why).
 */
async function mount() {
  const history =
    'navigation' in window && window.navigation
      ? createNavigationHistory(window)
      : (await import('./browserHistory')).createBrowserHistory(window);
  const sync = createRouterSync({ actor, table, history, window });
  const router: Router = { actor, table, sync, views, pending: null };
  await preloadActiveViews(router);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <RouterProvider router={router}>
      <Layout />
    </RouterProvider>,
  );
  await Promise.all(Object.values(views).map((view) => view.load()));
  Object.assign(window, { __benchReady: true });
}
void mount();
