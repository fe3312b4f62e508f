import { inject } from 'vitest';
import type { Rule, RequestRecord } from '../../server/apiServer';

/**
 * The browser tests' handle on the API servers globalSetup started: the reference app's (behind
 * the reference apps' /api proxy) and the product's (its handlers, behind the product's). Tell
 * them how to answer, read what they were asked. `api` speaks to both: a rule for `*` (the path
 * tests' "hang") holds for every app, and a path names one app's endpoint anyway.
 */
const control = async (origin: string, path: string, init?: RequestInit) => {
  const response = await fetch(`${origin}/__control/${path}`, init);
  if (!response.ok) throw new Error(`API control ${path} on ${origin}: HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
};

const origins = () => [inject('apiUrl'), inject('productApiUrl')];

export const api = {
  behave: async (rule: Rule) => {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) };
    await Promise.all(origins().map((origin) => control(origin, 'behave', init)));
  },
  reset: async () => {
    await Promise.all(origins().map((origin) => control(origin, 'reset', { method: 'POST' })));
  },
  requests: async () =>
    (await Promise.all(origins().map((origin) => control(origin, 'requests') as Promise<RequestRecord[]>))).flat(),
  /** The requests made for one path, e.g. `/api/records/2`. */
  requestsFor: async (path: string) => (await api.requests()).filter((request) => request.path === path),
};
