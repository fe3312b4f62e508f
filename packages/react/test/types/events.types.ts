/**
 * Type tests for `on:` keys (tsc, in `npm run lint`): every machine's `on:` keys name its events.
 * XState's createMachine checks only fresh object literals, so each machine is held to
 * `EventsDeclared` (packages/core/src/routeTypes.ts) here. Adding a machine: add its line.
 */
import { setup } from 'xstate';
import { type RouteMeta, type RoutedContext, keepRouteTypes, type EventsDeclared } from '@statechart/core';
import type { referenceMachine } from '../../../../examples/reference/referenceMachine';
import type { shapesMachine } from '../../../../examples/shapes/shapesMachine';

export const referenceEvents: EventsDeclared<typeof referenceMachine> = true;
export const shapesEvents: EventsDeclared<typeof shapesMachine> = true;

type Events = { type: 'item.open' } | { type: 'item.close' } | { type: 'form.submit' };

export const declared = keepRouteTypes(
  setup({ types: { context: {} as RoutedContext, events: {} as Events, meta: {} as RouteMeta } }).createMachine,
)({
  context: { params: {} },
  initial: 'closed',
  on: { '*': {}, 'item.*': {} },
  states: { closed: { on: { 'item.open': 'open' } }, open: { on: { 'item.close': 'closed', 'form.submit': {} } } },
});
export const declaredEvents: EventsDeclared<typeof declared> = true;

// A state written apart (a shared piece, a generated block) is not a fresh literal, so XState's
// own excess-key check does not see its keys; EventsDeclared does.
const closed = { on: { 'item.open': 'open', 'item.opne': 'open' } } as const;
export const typo = keepRouteTypes(
  setup({ types: { context: {} as RoutedContext, events: {} as Events, meta: {} as RouteMeta } }).createMachine,
)({ context: { params: {} }, initial: 'closed', states: { closed, open: {} } });
// @ts-expect-error an `on:` key that is not an event of the machine (a typo) fails
export const typoEvents: EventsDeclared<typeof typo> = true;
export const typoMessage: EventsDeclared<typeof typo> =
  "on: 'item.opne' is not an event of the machine: add it to the events type in setup({ types: { events } }), or fix its name";

const menu = { initial: 'b', states: { b: { on: { 'item.close': {}, 'menu.open': {} } } } } as const;
export const nested = keepRouteTypes(
  setup({ types: { context: {} as RoutedContext, events: {} as Events, meta: {} as RouteMeta } }).createMachine,
)({ context: { params: {} }, initial: 'a', states: { a: menu } });
// @ts-expect-error an undeclared event deep in the tree fails too
export const nestedEvents: EventsDeclared<typeof nested> = true;

const anyMenu = { on: { 'item.open': {}, 'menu.*': {} } } as const;
export const wildcard = keepRouteTypes(
  setup({ types: { context: {} as RoutedContext, events: {} as Events, meta: {} as RouteMeta } }).createMachine,
)({ context: { params: {} }, initial: 'a', states: { a: anyMenu } });
// @ts-expect-error an `area.*` wildcard that matches no event fails
export const wildcardEvents: EventsDeclared<typeof wildcard> = true;
