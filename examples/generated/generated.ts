/**
 * Generated route tables for the benchmarks: the same screens as a routed machine (ours) and as
 * react-router route objects (the plain app, matchRoutes). Flat: home `/`, then `/s1`, `/s2`, …
 * where every tenth screen takes an int param (`/s9/:id`), and a not-found screen.
 */
import { setup, type AnyStateMachine } from 'xstate';
import { routed, int, type RouteMeta, type RoutedContext, keepRouteTypes } from '@statechart/core';
import { generatedScreens, type Screen } from './screenList';

/** A machine with one routable state per screen, made as the product's is (README: `routed(keepRouteTypes(…))`). */
export function generatedMachine(routes: number): AnyStateMachine {
  const states: Record<string, { id: string; route: object; meta: RouteMeta }> = {};
  for (const screen of generatedScreens(routes)) {
    states[screen.id] = {
      id: screen.id,
      route: {},
      meta: {
        path: screen.path,
        title: screen.heading,
        ...(screen.param !== undefined ? { params: { id: int } } : {}),
        ...(screen.id === 'home' ? { nav: 'Home' } : {}),
      },
    };
  }
  states.notFound = { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } };
  return routed(
    keepRouteTypes(setup({ types: { context: {} as RoutedContext, meta: {} as RouteMeta } }).createMachine)({
      id: 'app',
      context: { params: {} },
      initial: 'home',
      states,
    }),
  );
}

/** A sample of URLs across the table: first, middle, last, with a param, and one nothing matches. */
export function sampleUrls(routes: number): string[] {
  const screens = generatedScreens(routes);
  const at = (index: number) => screens[Math.min(index, screens.length - 1)] as Screen;
  const url = (screen: Screen) => screen.path.replace(':id', String(screen.param ?? 1));
  const withParam = screens.filter((screen) => screen.param !== undefined);
  return [
    url(at(0)),
    url(at(Math.floor(routes / 2))),
    url(at(routes - 1)),
    ...(withParam.length ? [url(withParam[withParam.length - 1] as Screen)] : []),
    '/no/such/place',
  ];
}
