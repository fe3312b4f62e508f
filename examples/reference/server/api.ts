import * as v from 'valibot';
import { startApiServer, type ApiServer, type Handlers } from '@statechart/calls/server';

/**
 * The reference app's API: its handlers on the general API server (packages/calls/src/apiServer.ts), for
 * `npm run start:reference` (started inside Vite) and the tests (port 0). Placeholder records,
 * a "change a saved record" endpoint, and a "new record" endpoint that refuses the name "taken" with a field error, as a real server
 * refuses a duplicate.
 */

export interface ApiRecord {
  id: number;
  name: string;
}

export const apiRecords: ApiRecord[] = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, name: `Record ${id}` }));

/** The list's page size (the client bounds a page's length by the same number). */
export const API_PAGE_SIZE = 3;

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
  // What was saved, found by its id (the saved notice links to it). The list stays the
  // placeholder seven, so that tests saving at the same time never change what another counts.
  const saved: ApiRecord[] = [];
  return {
    // A page of the list (the first without a query); past the last page, an empty one.
    'GET /api/records': ({ query }) => {
      const page = Number(query.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1) return { status: 400, body: { message: 'No such page' } };
      const pages = Math.max(1, Math.ceil(apiRecords.length / API_PAGE_SIZE));
      const records = apiRecords.slice((page - 1) * API_PAGE_SIZE, page * API_PAGE_SIZE);
      return { body: { records, pages } };
    },
    'GET /api/records/:id': ({ params }) => {
      const record = [...apiRecords, ...saved].find((r) => String(r.id) === params.id);
      return record ? { body: record } : { status: 404, body: { message: 'No such record' } };
    },
    // Changes a record saved here (the placeholders stay as they are): what the form sent, checked again.
    'PUT /api/records/:id': ({ params, body }) => {
      const record = saved.find((r) => String(r.id) === params.id);
      if (!record) return { status: 404, body: { message: 'No such record' } };
      const parsed = v.safeParse(newRecordBody, body);
      if (!parsed.success) {
        const fieldErrors = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', code: 'invalid' }));
        return { status: 422, body: { fieldErrors } };
      }
      record.name = parsed.output.name;
      return { body: { id: record.id } };
    },
    // Saves the record (found by its id, not listed: see `saved`) and answers with its id.
    'POST /api/records': ({ body }) => {
      const parsed = v.safeParse(newRecordBody, body);
      if (!parsed.success) {
        const fieldErrors = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', code: 'invalid' }));
        return { status: 422, body: { fieldErrors } };
      }
      if (parsed.output.name.toLowerCase() === TAKEN_NAME) {
        return { status: 422, body: { fieldErrors: [{ field: 'name', code: 'taken' }] } };
      }
      const record = { id: ++nextId, name: parsed.output.name };
      // Kept in memory for this server's life, at most the last 1,000 (a development server).
      saved.push(record);
      if (saved.length > 1_000) saved.shift();
      return { status: 201, body: { id: record.id } };
    },
  };
};

export const startReferenceApiServer = (options: { port?: number } = {}): Promise<ApiServer> =>
  startApiServer({ handlers: referenceHandlers(), ...options });
