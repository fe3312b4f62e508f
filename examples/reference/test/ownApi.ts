import { AsyncLocalStorage } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { it, type TestContext } from 'vitest';
import { apiControl, type ApiServer } from '@statechart/calls/server';
import { startReferenceApiServer } from '../server/api.ts';

/**
 * The built reference app (dist/, as the Chromium tests' harness built it) in front of a reference
 * API server of its own, for one test at a time: a test that tells the API how to answer
 * (`api.behave`) or reads what it was asked (`api.requests`) then runs beside others that do too,
 * instead of after them (the harness's shared server has one set of rules and one log).
 *
 * `withOwnApi(test)` runs `test` with `ownOrigin()` and `ownApi` pointing at its own pair; outside
 * one, they fall back to the shared pair (`fallback`), so a file's helpers read the same either way.
 */
interface Stack {
  origin: string;
  api: ApiServer;
  close(): Promise<void>;
}

const CONFIG = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
const current = new AsyncLocalStorage<Stack>();
/** Free stacks, reused by the next test of the worker (reset first), closed with closeOwnApis(). */
const free: Stack[] = [];
const all = new Set<Stack>();
/** Stacks start one at a time: the preview's proxy reads its target from the environment. */
let starting: Promise<unknown> = Promise.resolve();

async function startStack(): Promise<Stack> {
  const api = await startReferenceApiServer();
  const shared = process.env.REFERENCE_API_URL;
  process.env.REFERENCE_API_URL = api.url;
  try {
    const server = await preview({
      configFile: CONFIG,
      logLevel: 'warn',
      preview: { port: 0, host: '127.0.0.1', strictPort: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview (the reference app) did not report its URL');
    return {
      origin: new URL(url).origin,
      api,
      close: async () => {
        await server.close();
        await api.close();
      },
    };
  } finally {
    process.env.REFERENCE_API_URL = shared;
  }
}

function take(): Promise<Stack> {
  const reused = free.pop();
  if (reused) {
    reused.api.reset();
    return Promise.resolve(reused);
  }
  const next = starting.then(startStack);
  starting = next.catch(() => undefined);
  return next.then((stack) => (all.add(stack), stack));
}

/** Runs `test` with a reference app and API server of its own (reused by later tests once it ends). */
export function withOwnApi<C, T>(test: (context: C) => Promise<T>): (context: C) => Promise<T> {
  return async (context) => {
    const stack = await take();
    try {
      return await current.run(stack, () => test(context));
    } finally {
      free.push(stack);
    }
  };
}

/** Closes every stack this worker started: a file's afterAll. */
export async function closeOwnApis(): Promise<void> {
  const stacks = [...all];
  all.clear();
  free.length = 0;
  await Promise.all(stacks.map((stack) => stack.close()));
}

/**
 * The origin of the test's own reference app, else the shared one's (`fallback`, e.g.
 * `() => inject('referenceUrl')`).
 */
export const ownOrigin = (fallback: () => string) => () => current.getStore()?.origin ?? fallback();

/** An apiControl of the test's own API server, else of the shared one (`fallback`, e.g. `() => inject('apiUrl')`). */
export const ownApi = (fallback: () => string) => apiControl(() => [current.getStore()?.api.url ?? fallback()]);

/**
 * Vitest's `it` for a test that runs withOwnApi: in a `describe.concurrent` block, beside others
 * that steer the API too. Such a test uses its context's `expect` (`async ({ expect }) => …`):
 * `expect.poll` and snapshots need to know their test, which the global one cannot tell apart.
 */
export const itWithOwnApi = (name: string, test: (context: TestContext) => Promise<void>) => it(name, withOwnApi(test));

/** The test's own API server's origin (its control page is at /__control/), else the shared one's. */
export const ownApiUrl = (fallback: () => string) => () => current.getStore()?.api.url ?? fallback();
