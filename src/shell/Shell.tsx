import { type MouseEvent } from 'react';
import { Link, Outlet, useMachineSelector, useNavigation, useRouter } from '../routing/react';
import { screenKey, screenTitles } from '../routing/url';
import { acceptedNavIds, navIdsAboveScreen } from './navEntries';
import { useNavigationEffects } from './navigationEffects';
import { ViewErrorBoundary } from './ViewErrorBoundary';

/** The words the shell shows; the product's come from machines/strings.ts. */
export interface ShellStrings {
  productName: string;
  skipLink: string;
  navLabel: string;
  footer: string;
  navigatedTo: (title: string) => string;
  viewFailed: string;
}

/**
 * The application shell: skip link, header with the navigation built from the machine's states
 * marked `nav` in meta, the main landmark with the screens, a footer, and a live region that
 * announces each new screen.
 */
export function Shell({ strings }: { strings: ShellStrings }) {
  const { actor, table, sync } = useRouter();
  const navigation = useNavigation();
  const screens = useMachineSelector((snapshot) => screenKey(table, snapshot));
  const accepted = useMachineSelector((snapshot) => acceptedNavIds(table, snapshot)).split(' ');
  const above = useMachineSelector((snapshot) => navIdsAboveScreen(table, snapshot)).split(' ');
  const title = useMachineSelector((snapshot) => [...screenTitles(table, snapshot), strings.productName].join(' · '));
  const announcement = useNavigationEffects(navigation, title, (t) => strings.navigatedTo(t.split(' · ')[0] ?? t));

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus instead of following #main: a fragment would add a history entry.
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  const reportFailure = (message: string) => actor.send({ type: 'view.failed', url: sync.currentUrl(), message });

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {strings.skipLink}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <span className="brand">{strings.productName}</span>
          <nav aria-label={strings.navLabel}>
            <ul className="nav-list">
              {table.nav
                .filter((route) => accepted.includes(route.id))
                .map((route) => (
                  <li key={route.id}>
                    <Link
                      to={`#${route.id}`}
                      className="nav-link"
                      aria-current={above.includes(route.id) ? 'true' : undefined}
                    >
                      {route.meta.nav}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        <ViewErrorBoundary key={screens} onError={reportFailure} fallback={<p role="alert">{strings.viewFailed}</p>}>
          <Outlet />
        </ViewErrorBoundary>
      </main>
      <footer className="site-footer">
        <p>{strings.footer}</p>
      </footer>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {/* A new node per navigation: the same words twice are still announced. */}
        <p key={navigation.id}>{announcement}</p>
      </div>
    </>
  );
}
