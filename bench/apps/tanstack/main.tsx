/**
 * Benchmark app: TanStack Router (code-based routes, no codegen) with the same screens and shell
 * markup as the plain react-router-dom app: header navigation, main and footer, one route per
 * screen, links by path. Nothing is preloaded (its default), as in the other apps.
 */
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import '@statechart/react/styles.css';
import type { Screen } from '../../../examples/generated/screenList';
import { linksOf, screens, urlOf } from '../screens';

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
                <Link className="nav-link" to="/" activeOptions={{ exact: true }}>
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

function ScreenView({ screen, index }: { screen: Screen; index: number }) {
  const { next, jump } = linksOf(index);
  return (
    <article className="screen">
      <h1 tabIndex={-1} className="screen-heading">
        {screen.heading}
      </h1>
      <p>
        <Link id="next" to={urlOf(next)}>
          Next
        </Link>{' '}
        <Link id="jump" to={urlOf(jump)}>
          Jump
        </Link>
      </p>
    </article>
  );
}

const rootRoute = createRootRoute({ component: Layout, notFoundComponent: () => <h1>Not found</h1> });
const routeTree = rootRoute.addChildren(
  screens.map((screen, index) =>
    createRoute({
      getParentRoute: () => rootRoute,
      path: screen.path.replace(':id', '$id'),
      component: () => <ScreenView screen={screen} index={index} />,
    }),
  ),
);
const router = createRouter({ routeTree });

createRoot(document.getElementById('root') as HTMLElement).render(<RouterProvider router={router} />);
Object.assign(window, { __benchReady: true });
