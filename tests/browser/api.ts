import { inject } from 'vitest';
import type { Rule, RequestRecord } from '../server/apiServer';

/**
 * The browser tests' handle on the reference API server (started by globalSetup, behind the
 * reference apps' /api proxy): tell it how to answer, read what it was asked.
 */
const control = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${inject('apiUrl')}/__control/${path}`, init);
  if (!response.ok) throw new Error(`API control ${path}: HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
};

export const api = {
  behave: (rule: Rule) =>
    control('behave', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) }),
  reset: () => control('reset', { method: 'POST' }),
  requests: () => control('requests') as Promise<RequestRecord[]>,
  /** The requests made for one path, e.g. `/api/records/2`. */
  requestsFor: async (path: string) => (await api.requests()).filter((request) => request.path === path),
};
