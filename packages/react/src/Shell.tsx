import { createElement, useEffect, useMemo, useSyncExternalStore, type MouseEvent, type ReactNode } from 'react';
import { Link, Outlet, useMachineSelector, useNavigation, useRouter, useViewId } from './routing';
import { screenKey, screenTitles } from '@statechart/core/internal';
import { acceptedNavIds, navIdsAboveScreen } from './navEntries';
import type * as Effects from './navigationEffects';
import { ViewErrorBoundary } from './ViewErrorBoundary';
import { HeaderNav } from './HeaderNav';
import type { RefusalWords } from './RefusalNotice';

/**
 * Focus and scroll after each navigation, off the first load (navigationEffects.ts says why): the
 * chunk is asked for as soon as this module runs, beside the first render, and mounts when it is
 * in. Not React.lazy: a shell that suspends would hold tests' renders in `act` until it is in. A
 * chunk that fails to load (offline) leaves them out, not the app, and is asked for again on the
 * next navigation (as a view's chunk is); when it arrives, it focuses the screen shown then.
 */
let effects: typeof Effects | undefined;
let effectsLoading: Promise<void> | undefined;
const effectsArrived = new Set<() => void>();
const loadEffects = (): Promise<void> =>
  (effectsLoading ??= import('./navigationEffects').then(
    (module) => {
      effects = module;
      for (const listener of effectsArrived) listener();
    },
    () => {
      effectsLoading = undefined;
    },
  ));
// Not where there is no document (Node: a test that imports the shell without rendering it needs
// no focus or scroll). The "reading 'getStatus'" failures once blamed on this import were Node 20's
// require(esm) race on react-router-dom's CommonJS build (vitest.config.ts, `module-sync`).
export const navigationEffectsLoaded: Promise<void> =
  typeof document === 'undefined' ? Promise.resolve() : loadEffects();
const onEffectsArrived = (listener: () => void) => {
  effectsArrived.add(listener);
  return () => effectsArrived.delete(listener);
};
const loadedEffects = () => effects;

/** The words the shell shows; the product's come from machines/strings.ts. */
export interface ShellStrings {
  productName: string;
  skipLink: string;
  navLabel: string;
  /** The header's menu button, shown when its entries do not fit on one row (a phone). */
  menu: string;
  footer: string;
  navigatedTo: (title: string) => string;
  viewFailed: string;
  /** What a refused move says when the screen says nothing itself; the stock words by default. */
  refused?: RefusalWords;
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
  const acceptedIds = useMachineSelector((snapshot) => acceptedNavIds(table, snapshot));
  const aboveIds = useMachineSelector((snapshot) => navIdsAboveScreen(table, snapshot));
  const title = useMachineSelector((snapshot) => [...screenTitles(table, snapshot), strings.productName].join(' · '));
  // Titles change only with screens and path params, that is, with navigations.
  const announcement = navigation.id === 0 ? '' : strings.navigatedTo(title.split(' · ')[0] ?? title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const loaded = useSyncExternalStore(onEffectsArrived, loadedEffects, loadedEffects);
  useEffect(() => {
    if (!effects) void loadEffects();
  }, [navigation.id]);

  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus instead of following #main: a fragment would add a history entry.
    event.preventDefault();
    document.getElementById('main')?.focus();
  };
  const reportFailure = (message: string) => actor.send({ type: 'view.failed', url: sync.currentUrl(), message });

  // The header's entries change with roles and the screen's ancestors, not with every navigation:
  // kept as they are otherwise, so a navigation re-renders only the links whose mark changes, and
  // HeaderNav measures its row only when they change.
  const entries = useMemo(() => {
    const accepted = acceptedIds.split(' ');
    const above = aboveIds.split(' ');
    return table.nav
      .filter((route) => accepted.includes(route.id))
      .map((route) => (
        <li key={route.id}>
          <Link to={`#${route.id}`} className="nav-link" aria-current={above.includes(route.id) ? 'true' : undefined}>
            {route.meta.nav}
          </Link>
        </li>
      ));
  }, [table, acceptedIds, aboveIds]);

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {strings.skipLink}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <span className="brand">{strings.productName}</span>
          <HeaderNav label={strings.navLabel} menu={strings.menu} behaviour={loaded?.HeaderMenu}>
            {entries}
          </HeaderNav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="site-main">
        {/* In the effects' chunk too: nothing can be refused before the first screen is shown. */}
        {loaded && createElement(loaded.RefusalNotice, { words: strings.refused })}
        <ViewErrorBoundary
          resetKey={screens}
          onError={reportFailure}
          fallback={<p role="alert">{strings.viewFailed}</p>}
        >
          <Outlet />
        </ViewErrorBoundary>
      </main>
      <footer className="site-footer">
        <p>{strings.footer}</p>
      </footer>
      {/* createElement: the component is a module's export, not made here (see LazyScreen). */}
      {loaded && createElement(loaded.NavigationEffects, { navigation })}
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {/* A new node per navigation: the same words twice are still announced. */}
        <p key={navigation.id}>{announcement}</p>
      </div>
    </>
  );
}

/**
 * The main heading of a screen's view. After a navigation, focus moves to the heading of the
 * screen that was entered (tabindex -1: focusable by script, not in the tab order).
 *
 * Here, in the shell's module, so that it loads with the first screen: every view uses it, and in a
 * module of its own it was a chunk shared by every view's chunk, which each lazy import then listed
 * (a dependency to preload per view in the first load's code, and a second request before the
 * first screen could render).
 */
export function ScreenHeading({ level = 1, children }: { level?: 1 | 2 | 3; children: ReactNode }) {
  const id = useViewId();
  const Tag = `h${level}` as const;
  return (
    <Tag tabIndex={-1} data-screen-heading={id ?? undefined} className="screen-heading">
      {children}
    </Tag>
  );
}
