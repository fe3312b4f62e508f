/**
 * The routing core: routed(), route meta and types, the route table, URL ⇄ events, and the
 * history interface it syncs with. Pure XState: no React, no DOM globals at import.
 *
 * What only the framework's own packages need is in `./internal` (@statechart/core/internal),
 * which semver does not cover.
 *
 * The order of these lines is the order of the modules in an app's first chunk, which gzip
 * notices: with `./routed` first the foundation app is 0.6 KB smaller than in alphabetical order
 * (`npm run budget`).
 */
export { routed, routeTargetOf, startsAtUrl } from './routed';
export {
  int,
  type Param,
  type RoutedContext,
  type RouteEvent,
  type RouteMeta,
  text,
  type TitleFrom,
  URL_PARAM,
} from './routeMeta';
export { buildRouteTable, type Route, type RouteTable } from './table';
export { href, hrefFor, locate, resolveUrl, routeEvent, type RouteLocation } from './locations';
export { type Screen, screensOf } from './screens';
export { createRouterSync } from './sync';
export type { Navigation, Refusal, RouterSync, RouterSyncOptions } from './routerContract';
export type { History, HistoryInterceptor, HistoryLocation, HistoryUpdate } from './history';
export { createMemoryHistory, type MemoryHistoryOptions } from './memoryHistory';
export {
  type ContextParamsAgree,
  type DomainEventOf,
  type EventsDeclared,
  keepRouteTypes,
  type RouteIdOf,
  type RoutesOf,
  type RouteTypes,
  type WithRouteConfig,
} from './routeTypes';
export { LEAVING_REFUSED, refuseLeavingWhile, type RefuseLeavingOptions } from './leaving';
export { interpolate, plural, type Plural } from './wording';
