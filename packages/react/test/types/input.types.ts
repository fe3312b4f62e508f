/**
 * Type tests for machines that declare `input` (tsc, in `npm run lint`). The recipe
 * (docs/screens.md, "A machine with input"): declare the input as `… | void` and default it in
 * `context`, so `createActor(machine)` in every test that does not care stays one argument
 * (XState requires `{ input }` otherwise: TS2554, "Expected 2 arguments, but got 1"). Not
 * `| undefined`: XState drops `undefined` from the input type, `void` it keeps.
 */
import { createActor, setup } from 'xstate';
import { type RouteMeta, type RoutedContext, keepRouteTypes } from '@statechart/core';

interface Session {
  roles: string[];
}
type Context = RoutedContext & { roles: string[] };

export const optionalInput = keepRouteTypes(
  setup({ types: { context: {} as Context, input: {} as Session | void, meta: {} as RouteMeta } }).createMachine,
)({ context: ({ input }) => ({ params: {}, roles: input?.roles ?? [] }) });

export const requiredInput = keepRouteTypes(
  setup({ types: { context: {} as Context, input: {} as Session, meta: {} as RouteMeta } }).createMachine,
)({ context: ({ input }) => ({ params: {}, roles: input.roles }) });

export const undefinedInput = keepRouteTypes(
  setup({ types: { context: {} as Context, input: {} as Session | undefined, meta: {} as RouteMeta } }).createMachine,
)({ context: ({ input }) => ({ params: {}, roles: input?.roles ?? [] }) });

export function tests() {
  // @ts-expect-error `| undefined` is not enough: XState drops it from the input type (use `| void`)
  createActor(undefinedInput);
  createActor(optionalInput); // the recipe: tests that do not care give nothing
  createActor(optionalInput, { input: { roles: ['admin'] } }); // and those that care give it
  // @ts-expect-error without `| void`, every createActor needs { input } (the TS2554 the recipe avoids)
  createActor(requiredInput);
  // @ts-expect-error the input is still typed
  createActor(optionalInput, { input: { roles: 'admin' } });
}
