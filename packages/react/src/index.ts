/**
 * The React binding: createApp/mountApp, the provider, Link, Outlet, the shell (title, focus,
 * announcement, scroll), lazy views and the stock screens.
 *
 * The order of these lines is the order of the modules in an app's first chunk, which gzip
 * notices: with `./app` first the foundation app is 0.6 KB smaller than in alphabetical order
 * (`npm run budget`).
 */
export { type AppOptions, createApp, mountApp, preloadActiveViews } from './app';
export { ScreenHeading, type ShellStrings } from './Shell';
export { createBrowserHistory } from './browserHistory';
export { createNavigationHistory } from './navigationHistory';
export { focusRegion, useFocusOnArrival } from './focus';
export {
  Link,
  type LinkProps,
  Outlet,
  type RoutedSnapshot,
  type Router,
  RouterProvider,
  useHref,
  useMachineSelector,
  useNavigation,
  useRouter,
  useSend,
  useViewId,
  useActorRef,
} from './routing';
export type { ShownActorRef } from './shown';
export { type Refusal, useOwnRefusalNotice, useRefusal } from './refusals';
export type { RefusalWords } from './RefusalNotice';
export { screenIds } from './screenIds';
export { ErrorScreen, NotFoundScreen, type StockScreenWords } from './stockScreens';
export { stockStrings } from './stockStrings';
export { stockViews } from './stockViews';
export { type LinkProps as TypedLinkProps, type MachineRouting, typedRouting } from './typed';
export { lazyView, type LazyView, type ViewModule, type ViewRegistry, viewsFromGlob } from './views';
export { createWarmer } from './warm';
