import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMemoryHistory } from '../src/memoryHistory';
import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { startsAtUrl } from '../src/routed';
import { createRouterSync } from '../src/sync';
import { buildRouteTable } from '../src/table';
import { generatedMachine } from '../../../examples/generated/generated';
import { generatedScreens } from '../../../examples/generated/screenList';

// A full GC on demand, without starting the worker with --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const ROUTES = 40;
/** Navigations per measured window; the median growth of WINDOWS windows is what is checked. */
const NAVIGATIONS = 4_000;
// With no leak, a window's growth is near zero but swings now and then by ±100-200 KB (GC timing,
// V8's code): the least of three windows once exceeded the allowance in a CI run (154, 36, 35 KB),
// and a swing below zero hid a real leak of an object per navigation. The median of ten ignores
// the swings; a leak moves every window, so it moves the median.
const WINDOWS = 10;
/** 12 bytes per navigation: a leak of one small object per navigation (16 B and its slot) fails. */
const ALLOWED = NAVIGATIONS * 12;
/** Navigations before measuring: V8 compiles and optimises the hot paths over the first few thousand. */
const WARM_UP = 3_000;

it(
  'retains nothing per navigation once every state was visited (links and Back, machine + router on a memory history)',
  { timeout: 30_000 },
  () => {
    const screens = generatedScreens(ROUTES);
    const url = (k: number) => {
      const screen = screens[k % screens.length] as (typeof screens)[number];
      return screen.path.replace(':id', String(screen.param));
    };
    const machine = startsAtUrl(generatedMachine(ROUTES));
    const table = buildRouteTable(machine);
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const actor = createActor(machine).start();
    const sync = createRouterSync({ actor, table, history });
    let k = 0;
    // A link, then Back: the session history stays two entries long, as in the browser bench.
    const navigate = (count: number) => {
      for (let i = 0; i < count; i += 2) {
        sync.navigate(url(++k));
        history.go(-1);
      }
    };
    // Warm-up: XState builds per-state caches (initial transitions, candidates per event type) on a
    // state's first visit, and V8 compiles and optimises the hot paths (its code objects grew ~450 KB
    // over the first 4,000 navigations here, then nothing): both bounded, neither per navigation.
    navigate(WARM_UP);
    // A leak grows the heap in every window; V8 finishing its compilation late (a loaded machine
    // delays it) grows only some, so the least growth of a few windows is what must stay small.
    const grown: number[] = [];
    let before = heap();
    for (let window = 0; window < WINDOWS; window++) {
      navigate(NAVIGATIONS);
      const after = heap();
      grown.push(after - before);
      before = after;
    }
    const median = [...grown].sort((a, b) => a - b)[WINDOWS / 2] ?? 0;
    expect(
      median,
      `the heap grew by a median ${median} bytes over ${WINDOWS} windows of ${NAVIGATIONS} navigations after warm-up ` +
        `(${grown.join(', ')}; allowed ${ALLOWED}): something keeps a value per navigation (a snapshot, a listener, ` +
        'a memo keyed by a URL string); diff two heap snapshots to find it (docs/routing.md, "Memory")',
    ).toBeLessThan(ALLOWED);
    sync.stop();
    actor.stop();
  },
);

/** Bytes the heap keeps for `make()`'s result, after full collections; the result is kept meanwhile. */
function retained<T>(make: () => T): { value: T; bytes: number } {
  const before = heap();
  const value = make();
  const bytes = heap() - before;
  return { value, bytes };
}

/**
 * What start-up keeps per route, at a size where code and caches are a rounding error (Node's heap
 * is 64-bit without pointer compression: about twice Chromium's figures). Measured in this test in
 * issue 20's fourth session, three runs at 10,000 routes: 3,109–3,182 B in all, the table 345–409 B;
 * before it (lists made by spread, each keeping room for 17 elements) 3,583–3,596 B and 512–514 B.
 */
const START_UP_ROUTES = 10_000;
const TABLE_BYTES_PER_ROUTE = 460;
const START_UP_BYTES_PER_ROUTE = 3_400;

it(
  `keeps under ${START_UP_BYTES_PER_ROUTE} B per route for machine, boot machine and route table, the table under ${TABLE_BYTES_PER_ROUTE} (${START_UP_ROUTES.toLocaleString('en')} routes)`,
  { timeout: 30_000 },
  () => {
    // Compiles the build's code first, so that only the 10,000 routes' objects are counted.
    buildRouteTable(startsAtUrl(generatedMachine(20)));
    const config = retained(() => generatedMachine(START_UP_ROUTES));
    const machine = retained(() => startsAtUrl(config.value));
    const table = retained(() => buildRouteTable(machine.value));
    const perRoute = (bytes: number) => Math.round(bytes / START_UP_ROUTES);
    const total = perRoute(config.bytes + machine.bytes + table.bytes);
    const where =
      `routed() config ${perRoute(config.bytes)} B, startsAtUrl() machine ${perRoute(machine.bytes)} B, ` +
      `route table ${perRoute(table.bytes)} B per route`;
    expect(
      perRoute(table.bytes),
      `the route table keeps ${perRoute(table.bytes)} B per route (allowed ${TABLE_BYTES_PER_ROUTE}; ${where}): ` +
        'a list or object per route that is not needed, or an array made by spread ([...a, ...b] keeps room for ' +
        '17 elements; a.concat(b) does not); find it with HEAP_SNAPSHOT=1 npx tsx bench/heapAfterLoad.ts',
    ).toBeLessThan(TABLE_BYTES_PER_ROUTE);
    expect(
      total,
      `start-up keeps ${total} B per route (allowed ${START_UP_BYTES_PER_ROUTE}; ${where}): something routed(), ` +
        'startsAtUrl() or the table keeps per state grew (an array made by spread, a list or object per state that ' +
        'could be shared); find it with HEAP_SNAPSHOT=1 npx tsx bench/heapAfterLoad.ts (docs/BENCHMARKS.md, ' +
        '"Heap after load and start-up")',
    ).toBeLessThan(START_UP_BYTES_PER_ROUTE);
    expect(table.value.routes.size).toBe(START_UP_ROUTES + 1);
  },
);
