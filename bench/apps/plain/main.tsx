/**
 * Benchmark app: a plain react-router-dom app (declarative BrowserRouter) with the same screens as
 * ours: a shell with header navigation, main and footer, one route per screen, links by path.
 */
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, NavLink, Outlet, Route, Routes } from 'react-router-dom';
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
                <NavLink className="nav-link" to="/" end>
                  Home
                </NavLink>
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

createRoot(document.getElementById('root') as HTMLElement).render(
  <BrowserRouter>
    <Routes>
      <Route element={<Layout />}>
        {screens.map((screen, index) => (
          <Route key={screen.id} path={screen.path} element={<ScreenView screen={screen} index={index} />} />
        ))}
        <Route path="*" element={<h1>Not found</h1>} />
      </Route>
    </Routes>
  </BrowserRouter>,
);
Object.assign(window, { __benchReady: true });
