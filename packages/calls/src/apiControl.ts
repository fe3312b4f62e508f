import type { RequestRecord, Rule } from './apiServer';

const control = async (origin: string, path: string, init?: RequestInit) => {
  const response = await fetch(`${origin}/__control/${path}`, init);
  if (!response.ok) throw new Error(`API control ${path} on ${origin}: HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
};

/**
 * A test's handle on development API servers (apiServer.ts) at `origins` (read when used, so a
 * test file can pass `() => [inject('apiUrl')]`): tell them how to answer, read what they were
 * asked. A rule for `*` (the path tests' "hang") holds for every server given.
 */
export function apiControl(origins: () => string[]) {
  const api = {
    behave: async (rule: Rule) => {
      const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) };
      await Promise.all(origins().map((origin) => control(origin, 'behave', init)));
    },
    /** Sends the answers held by a `hold` behaviour for `path` (all when left out). */
    release: async (path?: string) => {
      const init = {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(path === undefined ? {} : { path }),
      };
      await Promise.all(origins().map((origin) => control(origin, 'release', init)));
    },
    reset: async () => {
      await Promise.all(origins().map((origin) => control(origin, 'reset', { method: 'POST' })));
    },
    requests: async () =>
      (await Promise.all(origins().map((origin) => control(origin, 'requests') as Promise<RequestRecord[]>))).flat(),
    /** The requests made for one path, e.g. `/api/records/2`. */
    requestsFor: async (path: string) => (await api.requests()).filter((request) => request.path === path),
  };
  return api;
}
