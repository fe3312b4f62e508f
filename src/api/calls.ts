import type { AnyActorLogic } from 'xstate';
import type { CallSpec } from '@statechart/calls';

/**
 * The product's calls: the one typed place for each call's method, path shape, payload schemas,
 * timeout and freshness, and what the app provides for each actor the machine names.
 * Product-owned; empty until the product's calls are specified.
 *
 * How a product adds a call (docs/calls.md has the worked example, from handler to path tests):
 * 1. machines/appMachine.ts names the actor and its types in `setup({ actors })`, and invokes it
 *    in the screen's `loading` state: `loadThing: callPlaceholder<Thing, { id: number }>('loadThing')`.
 * 2. Here: describe it in `calls` (`defineCalls`, once there is one: it names each call by its key)
 *    and provide it under the machine's actor name in `callActors`:
 *
 *      import * as v from 'valibot';
 *      import { callActor, defineCall, defineCalls } from '@statechart/calls';
 *      const thing = v.object({ id: v.number(), name: v.string() });
 *      export const calls = defineCalls({
 *        getThing: defineCall<{ id: number }, Thing>({
 *          method: 'GET', path: ({ id }) => `/api/things/${id}`, response: thing, freshForMs: 30_000,
 *        }),
 *      }) satisfies CallRegistry;
 *      export const callActors = { loadThing: callActor(calls.getThing) } satisfies CallActors;
 *
 *    A form's submit is a call with a `body`, no freshness, and the submit's Idempotency-Key (its
 *    input is the form's `submission(form)`, docs/forms.md): `saveThing: defineCall<Submission<ThingInput>,
 *    { id: number }>({ method: 'POST', path: () => '/api/things', body: ({ values }) => values,
 *    idempotencyKey: ({ idempotencyKey }) => idempotencyKey, firstInput: firstSubmission,
 *    response: v.object({ id: v.number() }), invalidates: ['getThings'] })`: saved, the kept answers
 *    of the calls it names are stale (`defineCalls` names each call by its key, and refuses a name
 *    that is not one); refused as saved before (the key saved its first values, not later edits),
 *    `firstInput` sends those again, so the form's notice can link to what was saved and offer
 *    Save as new (docs/forms.md, "Edits after 'This was saved already'"; `new:screen --form`
 *    writes all of it).
 * 3. server/handlers.ts answers it (`'GET /api/things/:id': ({ params }) => ({ body: … })`).
 *
 * src/main.tsx passes `callActors` to `mountApp({ provide: { actors } })`; nothing else to wire.
 */

// The registry holds calls of many input and output types; each entry keeps its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a heterogeneous registry
export type CallRegistry = Record<string, CallSpec<any, any>>;
export type CallActors = Record<string, AnyActorLogic>;

export const calls = {} satisfies CallRegistry;

/** What the app provides for the actors the product machine names (their `src`). */
export const callActors = {} satisfies CallActors;
