import { delayOf } from './internalNames';
import type { Browser, Page } from 'playwright-core';
import type { StateValue } from 'xstate';
import { openPage } from './pages';
import { seeSnapshot, type Seen } from './graph';
import type { AnyEvent, MachineSpec } from './spec';
import type { Check, Driver } from './ui';
import { instantAnimations } from './browser';

/**
 * A minimal React DevTools hook, installed before the app loads: React hands it every committed
 * root, in production builds too. From the root we read the router the app renders with, as a
 * devtools extension would, so the built product needs no test hook of its own.
 */
function installDevtoolsHook() {
  const roots = new Set<unknown>();
  Object.assign(window, {
    __REACT_DEVTOOLS_GLOBAL_HOOK__: {
      supportsFiber: true,
      isDisabled: false,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onCommitFiberRoot: (_id: number, root: unknown) => roots.add(root),
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
    },
    __pathsRoots: roots,
  });
}

/** In the page: finds the router, records every microstep of its actor from now on. */
function attachRecorder() {
  if ('__paths' in window) return true;
  interface Node {
    id: string;
    always?: unknown[];
    transitions: Map<string, unknown[]>;
  }
  interface Fiber {
    memoizedProps?: { value?: { actor?: unknown; sync?: unknown; table?: unknown } } | null;
    child: Fiber | null;
    sibling: Fiber | null;
  }
  const roots = (window as unknown as { __pathsRoots: Set<{ current: Fiber }> }).__pathsRoots;
  for (const root of roots) {
    const stack: Fiber[] = [root.current];
    while (stack.length) {
      const fiber = stack.pop() as Fiber;
      const value = fiber.memoizedProps?.value;
      if (value?.actor && value.sync && value.table) {
        const actor = value.actor as {
          getSnapshot(): { value: unknown };
          system: { inspect(observer: (event: Record<string, unknown>) => void): unknown };
        };
        const seen = { keys: [] as string[], values: [actor.getSnapshot().value] };
        const key = (transition: { source: Node; eventType: string }) => {
          const { source, eventType } = transition;
          const always = source.always ?? [];
          if (always.includes(transition)) return `${source.id}|always|${always.indexOf(transition)}`;
          return `${source.id}|${eventType}|${(source.transitions.get(eventType) ?? []).indexOf(transition)}`;
        };
        actor.system.inspect((event) => {
          if (event.type !== '@xstate.microstep' || event.actorRef !== actor) return;
          for (const transition of event._transitions as { source: Node; eventType: string }[]) {
            seen.keys.push(key(transition));
          }
          seen.values.push((event.snapshot as { value: unknown }).value);
        });
        Object.assign(window, { __paths: { router: value, seen } });
        return true;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
  }
  return false;
}

type PathsWindow = {
  __paths: {
    router: {
      actor: { getSnapshot(): { value: StateValue }; send(event: unknown): void };
      sync: { navigate(url: string): void };
    };
    seen: { keys: string[]; values: StateValue[] };
  };
};

/**
 * Opens the built app at `/` (below `origin`, which may carry a base path), waits for its router,
 * and records what its machine does.
 */
export async function openApp(browser: Browser, origin: string, options: AppOptions = {}) {
  const opened = await openPage(browser, 'about:blank');
  await startApp(opened.page, origin, options);
  return { ...opened, attach: () => attach(opened.page) };
}

export interface AppOptions {
  /** Installs the page clock, paused: time moves only when a path waits (machines with `after`). */
  clock?: boolean;
  /** localStorage entries set before the app loads. */
  storage?: Record<string, string>;
}

/**
 * Loads the app at `${origin}/` in `page` (a fresh one: the hooks are installed before any
 * script), waits for its router and records what its machine does from then on.
 */
export async function startApp(page: Page, origin: string, { clock = false, storage = {} }: AppOptions = {}) {
  await page.addInitScript(installDevtoolsHook);
  // What the app reads from localStorage as it starts (a test hook of the app's, such as the
  // reference app's call timeout).
  if (Object.keys(storage).length) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  // A machine with `after` timers: time moves only when a path waits (the driver's internal()).
  if (clock) await pauseClock(page);
  await page.addInitScript(instantAnimations);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${origin}/`);
  await attach(page);
}

/** Where a paused page clock starts: a fixed time, so what the app shows of the date is the same on every run. */
const CLOCK_START = Date.UTC(2026, 0, 1);

/**
 * The page clock, paused before the app loads: its timers (`setTimeout`, `setInterval`) and its
 * `Date` and `performance.now()` move only when a path waits (the driver's internal()
 * fast-forwards it), never with real time. `page.clock.install()` alone lets time flow: on a
 * loaded machine a timer armed one step before a 1 s wait could be more than 1 s old when the wait
 * came, and a 2 s timer armed with it fired in that wait. `pauseAt` installs the clock paused
 * (installed first, the clock would run until paused, and a pause at the time installed throws
 * once the page has read the time). What the app needs besides its machine's timers keeps real
 * time: animation frames and idle callbacks are the browser's own again (the clock fakes them
 * too, and a paused one never calls them), so the app's idle work (its views' warm-up) and
 * frame-driven code run; CSS animations and view transitions were never on the clock.
 */
async function pauseClock(page: Page) {
  await page.clock.pauseAt(CLOCK_START);
  // A context's init scripts run in the order added: this one after the clock's, which it undoes
  // for frames and idle callbacks with the clock's own copies of the browser's functions.
  await page.context().addInitScript(() => {
    const clock = (globalThis as { __pwClock?: { builtins: Record<string, unknown> } }).__pwClock;
    if (!clock) return;
    for (const name of ['requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback']) {
      if (typeof clock.builtins[name] === 'function') Object.assign(globalThis, { [name]: clock.builtins[name] });
    }
  });
}

async function attach(page: Page) {
  await page.waitForFunction(attachRecorder);
}

/** Adds what the page's machine did (since it was attached) to `seen`. */
export async function collect(page: Page, spec: MachineSpec, seen: Seen) {
  const recorded = await page.evaluate(() => (window as unknown as PathsWindow).__paths.seen);
  for (const key of recorded.keys) seen.transitions.add(key);
  for (const value of recorded.values) seeSnapshot(seen, spec.machine, { value });
}

/** The app-relative URL shown: pathname and search, without the base path. */
export const appUrl = (page: Page, base = '') => {
  const url = new URL(page.url());
  const path = base && url.pathname.startsWith(base) ? url.pathname.slice(base.length) || '/' : url.pathname;
  return path + url.search;
};

export async function runCheck(page: Page, check: Check) {
  const timeout = 5000;
  if (check.kind === 'heading') {
    await page.getByRole('heading', { name: check.name, exact: true }).first().waitFor({ timeout });
  } else if (check.kind === 'pressed') {
    await page.getByRole('button', { name: check.name, exact: true, pressed: true }).waitFor({ timeout });
  } else if (check.kind === 'absentHeading') {
    await page.getByRole('heading', { name: check.name, exact: true }).waitFor({ state: 'detached', timeout });
  } else {
    await page.waitForFunction((part) => document.title.split(' · ').includes(part), check.part, { timeout });
  }
}

/** Performs user actions with real clicks and typing in Chromium; `base` is the app's base path. */
export function chromiumDriver(page: Page, baseLength: number, base = ''): Driver {
  return {
    async route(url) {
      const link = page.locator(`a[href=${JSON.stringify(base + url)}]`).filter({ visible: true });
      if ((await link.count()) > 0) await link.first().click();
      // No link to it on screen: the URL is "typed" into the app (see README: a real typed URL
      // reloads the page and starts a new machine, which the random walk does instead).
      else await page.evaluate((to) => (window as unknown as PathsWindow).__paths.router.sync.navigate(to), url);
    },
    async click(role, name) {
      await page.getByRole(role, { name, exact: true }).click();
    },
    async type(label, text) {
      await page.getByLabel(label, { exact: true }).fill(text);
    },
    async report(event: AnyEvent) {
      await page.evaluate((sent) => (window as unknown as PathsWindow).__paths.router.actor.send(sent), event);
    },
    async internal(event: AnyEvent) {
      // An invoked actor's outcome: the reference API is told to hang (chromium.browser.test.ts),
      // so the app's real call never settles by itself; the outcome arrives as the event the
      // actor would raise, from the spec's declared outcomes. A wait moves the paused page clock.
      if (/^xstate\.(done|error)\.actor\./.test(event.type)) {
        await page.evaluate((sent) => (window as unknown as PathsWindow).__paths.router.actor.send(sent), event);
        return;
      }
      const delay = delayOf(event);
      if (delay === undefined) throw new Error(`${event.type}: the Chromium level cannot perform this event`);
      // The page clock (openApp's `clock`) fires the machine's own timer. A jump, not a run: a
      // named delay may be 30 days, and each timer due in between fires once.
      await page.clock.fastForward(delay);
    },
    async waitForState(value) {
      await page.waitForFunction(
        (expected) =>
          JSON.stringify((window as unknown as PathsWindow).__paths.router.actor.getSnapshot().value) === expected,
        JSON.stringify(value),
        { timeout: 5000 },
      );
    },
    url: async () => appUrl(page, base),
    found: async () => ({
      value: await page
        .evaluate(() => (window as unknown as PathsWindow).__paths.router.actor.getSnapshot().value)
        .catch(() => 'unreadable'),
      url: appUrl(page, base),
      headings: await page.getByRole('heading').allTextContents(),
      title: await page.title(),
    }),
    historyLength: async () => (await page.evaluate(() => history.length)) - baseLength + 1,
    check: (check) => runCheck(page, check),
  };
}
