import type { Handlers } from '@statechart/calls/server';

/**
 * The product's API handlers: what `/api` answers in `npm start`, `npm run preview`, the Chromium
 * tests and the walks (unless `API_URL` points the proxy at a real backend). Product-owned, empty
 * until the product's calls are specified; an unknown `/api` path answers a JSON 404.
 *
 * How a product adds a call (docs/calls.md has the worked example):
 * 1. machines/appMachine.ts names the actor and its types in `setup({ actors })`:
 *    `loadThing: callPlaceholder<Thing, { id: number }>('loadThing')`, invoked in a `loading` state.
 * 2. src/api/calls.ts describes the call (`calls.getThing = defineCall(…)`) and provides it for the
 *    machine's actor name (`callActors.loadThing = callActor(calls.getThing)`).
 * 3. Here, one entry answers it; `params` holds the pattern's `:names`, `body` the JSON sent
 *    (check it with valibot), and the answer is `{ status?, body }`:
 *
 *      'GET /api/things/:id': ({ params }) => {
 *        const thing = things.find((t) => String(t.id) === params.id);
 *        return thing ? { body: thing } : { status: 404, body: { message: 'No such thing' } };
 *      },
 *
 * A form's refusal answers 422 with `{ fieldErrors: [{ field, code }] }`: the call fails with those
 * field errors and the form shows them (docs/forms.md). Node only: never imported by src/.
 */
export const handlers: Handlers = {};
