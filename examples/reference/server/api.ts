import * as v from 'valibot';
import { startApiServer, type ApiServer, type Handlers } from '@statechart/calls/apiServer';

/**
 * The reference app's API: its handlers on the general API server (packages/calls/src/apiServer.ts), for
 * `npm run start:reference` (started inside Vite) and the tests (port 0). Placeholder records,
 * and a "new record" endpoint that refuses the name "taken" with a field error, as a real server
 * refuses a duplicate.
 */

export interface ApiRecord {
  id: number;
  name: string;
}

export const apiRecords: ApiRecord[] = [1, 2, 3].map((id) => ({ id, name: `Record ${id}` }));

/** What POST /api/records accepts: the form's typed strings (the server checks them again). */
const newRecordBody = v.object({
  name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(80)),
  quantity: v.string(),
  category: v.string(),
});

/** A name the reference server refuses with a field error. */
export const TAKEN_NAME = 'taken';

export const referenceHandlers = (): Handlers => {
  let nextId = apiRecords.length;
  return {
    'GET /api/records': () => ({ body: apiRecords }),
    'GET /api/records/:id': ({ params }) => {
      const record = apiRecords.find((r) => String(r.id) === params.id);
      return record ? { body: record } : { status: 404, body: { message: 'No such record' } };
    },
    // Saves nothing (the list stays the placeholder three): answers with the id it would have.
    'POST /api/records': ({ body }) => {
      const parsed = v.safeParse(newRecordBody, body);
      if (!parsed.success) {
        const fieldErrors = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', code: 'invalid' }));
        return { status: 422, body: { fieldErrors } };
      }
      if (parsed.output.name.toLowerCase() === TAKEN_NAME) {
        return { status: 422, body: { fieldErrors: [{ field: 'name', code: 'taken' }] } };
      }
      return { status: 201, body: { id: ++nextId } };
    },
  };
};

export const startReferenceApiServer = (options: { port?: number } = {}): Promise<ApiServer> =>
  startApiServer({ handlers: referenceHandlers(), ...options });
