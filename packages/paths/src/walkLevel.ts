import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createRouterSync, type History, type RouterSync, href, screensOf, type Screen } from '@statechart/core';
import { screenKey, screensKey } from '@statechart/core/internal';
import { describeEvent } from './graph';
import { createReactRouterMemoryHistory } from './reactRouterMemoryHistory';
import { generateOptions, type MachineSpec } from './spec';
import { checksFor } from './ui';
import { fuzzStep, performFuzz, type FuzzStep } from './fuzzInputs';
import { pick, runWalkSync, walkParameters, walkStep, type WalkStep } from './walk';

/**
 * The machine with the router on a memory history, as the app runs it minus React: a reload
 * starts a new actor and router on the same history, as a page load does.
 */
function startApp(spec: MachineSpec) {
  const rewrites: Rewrite[] = [];
  const history = recordingRewrites(createReactRouterMemoryHistory('/'), rewrites);
  let actor = createActor(spec.machine);
  let sync: RouterSync;
  const boot = () => {
    // A reload keeps what the app keeps in storage (forms: the session's roles, a draft).
    actor = createActor(spec.machine, { input: spec.storedInput?.(actor.getSnapshot() as AnyMachineSnapshot) });
    actor.start();
    sync = createRouterSync({ actor, table: spec.table, history });
  };
  boot();
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  return {
    history,
    rewrites,
    snapshot,
    sync: () => sync,
    send: (event: { type: string }) => actor.send(event),
    reload() {
      sync.stop();
      actor.stop();
      boot();
    },
    stop() {
      sync.stop();
      actor.stop();
    },
  };
}

type MemoryHistory = ReturnType<typeof createReactRouterMemoryHistory>;

/** An entry the router rewrote (history.replace): the URL it had and the one it got. */
interface Rewrite {
  from: string;
  to: string;
}

/** The memory history, recording every replace; everything else passes through. */
function recordingRewrites(history: MemoryHistory, rewrites: Rewrite[]): MemoryHistory {
  const replace: History['replace'] = (to) => {
    const { pathname, search, hash } = history.location;
    rewrites.push({ from: pathname + search + hash, to });
    history.replace(to);
  };
  return new Proxy(history, { get: (target, name) => (name === 'replace' ? replace : Reflect.get(target, name)) });
}

/** The screens a fresh app at `url` shows: the URL is the whole address of a screen. */
function screensAt(spec: MachineSpec, url: string, input?: unknown): Screen[] {
  const history = createReactRouterMemoryHistory(url);
  const actor = createActor(spec.machine, { input });
  actor.start();
  const sync = createRouterSync({ actor, table: spec.table, history });
  const screens = screensOf(spec.table, actor.getSnapshot() as AnyMachineSnapshot);
  sync.stop();
  actor.stop();
  return screens;
}

/** What a URL means: its screens, a not-found screen by its id (its URL param is the URL itself). */
function meaningOf(spec: MachineSpec, url: string, input?: unknown): string {
  const screens = screensAt(spec, url, input);
  return screens.map((screen) => (screen.id === spec.table.notFound.id ? screen.id : screen.key)).join(' ');
}

/**
 * A rewritten entry must still mean what it meant: only a redirect or a canonical spelling may
 * be rewritten (to where that URL leads), never an entry that a refused move landed on.
 */
function checkRewrites(spec: MachineSpec, app: ReturnType<typeof startApp>, input?: unknown) {
  for (const { from, to } of app.rewrites.splice(0)) {
    if (meaningOf(spec, from, input) !== meaningOf(spec, to, input)) {
      throw new Error(`the entry ${from} was rewritten as ${to}, which shows other screens`);
    }
  }
}

/** Spellings of a URL that mean the same screens: a hash, a leading zero, an encoded letter. */
function respell(url: string, pick: number): string {
  const spellings = [
    `${url}#part`,
    url.replace(/\/(\d+)(?=[/?]|$)/, '/0$1'),
    url.replace(/^\/([a-z])/, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`),
  ];
  return spellings[pick % spellings.length] ?? url;
}

/** The machine-level walk also moves several entries at once, respells URLs and types long ones. */
interface PickStep {
  kind: WalkStep['kind'] | 'go' | 'spelling' | 'long';
  pick: number;
}
type MachineStep = PickStep | FuzzStep;
const machineWalk = (maxLength: number): fc.Arbitrary<MachineStep[]> =>
  fc.array(
    fc.oneof(
      { weight: 6, arbitrary: walkStep },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constantFrom<PickStep['kind']>('go', 'spelling', 'long'),
          pick: fc.nat(999),
        }),
      },
      // Any string given to navigate(): relative, foreign, malformed (packages/paths/src/fuzzInputs.ts).
      { weight: 1, arbitrary: fuzzStep },
    ),
    { minLength: 1, maxLength, size: 'max' },
  );

/**
 * The events a walk picks from, once per spec: generateOptions also provides the machine with the
 * level's controls (a copy of every state node), which per step made a walk's cost grow with the
 * machine's size times its steps (a 100-screen product's walks: most of their 40 s).
 */
const eventsOf = (() => {
  const known = new WeakMap<MachineSpec, ReturnType<typeof generateOptions>['events']>();
  return (spec: MachineSpec) => {
    const events = known.get(spec) ?? generateOptions(spec).events;
    known.set(spec, events);
    return events;
  };
})();

function perform(spec: MachineSpec, app: ReturnType<typeof startApp>, step: MachineStep): string {
  if (step.kind === 'fuzz') return performFuzz(app.sync(), step);
  const events = eventsOf(spec);
  if (step.kind === 'event') {
    const enabled = events.filter((event) => app.snapshot().machine.getTransitionData(app.snapshot(), event).length);
    const event = pick(enabled, step.pick);
    if (!event) return 'no event enabled';
    // In the app a route event comes only from a URL (a link's href): through the router.
    if (event.type === 'xstate.route')
      app.sync().navigate(app.sync().hrefFor(String(event.to), event.params as Record<string, unknown>));
    else app.send(event);
    return describeEvent(event);
  }
  if (step.kind === 'link') {
    const routes = events.filter((event) => event.type === 'xstate.route');
    const event = pick(routes, step.pick);
    if (!event) return 'no link';
    const url = app.sync().hrefFor(String(event.to), event.params as Record<string, unknown>);
    app.sync().navigate(url);
    return `link ${url}`;
  }
  if (step.kind === 'back' || step.kind === 'forward') {
    app.history.go(step.kind === 'back' ? -1 : 1);
    return step.kind;
  }
  if (step.kind === 'reload') {
    app.reload();
    return 'reload';
  }
  if (step.kind === 'go') {
    const delta = ((step.pick % 3) + 1) * (step.pick % 2 ? -1 : 1);
    app.history.go(delta);
    return `go(${delta})`;
  }
  const current = app.history.location.pathname + app.history.location.search;
  if (step.kind === 'spelling') {
    // Another spelling of this screen, written by someone else (a bookmark, a script), then
    // reached with Back and Forward.
    const spelling = respell(current, step.pick);
    app.history.push(spelling);
    app.history.go(-1);
    app.history.go(1);
    return `spelling ${spelling}`;
  }
  if (step.kind === 'long') {
    // A search value near the length limit, in characters the app re-encodes longer.
    const value = '('.repeat(600 + (step.pick % 120));
    app.sync().navigate(`${app.history.location.pathname}?q=${value}`);
    return `long ?q= of ${value.length}`;
  }
  const url = pick(spec.urls, step.pick) ?? '/';
  // Typing a URL opens it in a new entry, as a new page.
  app.history.push(url);
  app.reload();
  return `typed ${url.length > 40 ? `${url.slice(0, 40)}…` : url}`;
}

function check(spec: MachineSpec, app: ReturnType<typeof startApp>) {
  const snapshot = app.snapshot();
  const url = href(spec.table, snapshot);
  const shown = app.history.location.pathname + app.history.location.search;
  if (shown !== url) throw new Error(`the URL is ${shown} but href(snapshot) is ${url}`);
  if (app.sync().currentUrl() !== url) throw new Error(`the router says ${app.sync().currentUrl()}, href is ${url}`);
  // Every state shown has its view's assertion, and the URL alone brings the same screens back.
  checksFor(spec, snapshot);
  const input = spec.storedInput?.(snapshot);
  checkRewrites(spec, app, input);
  const reloaded = screensKey(screensAt(spec, url, input));
  if (!snapshot.matches('error') && reloaded !== screenKey(spec.table, snapshot)) {
    throw new Error(`a reload at ${url} shows ${reloaded}, not ${screenKey(spec.table, snapshot)}`);
  }
}

/**
 * Random walks on each machine with its router on a memory history (no browser), for a test file
 * to call at its top level: `describeWalks([productSpec])`. Every step checks URL == href(snapshot),
 * a screen for the state, and that a reload brings the same screens back.
 */
export function describeWalks(specs: readonly MachineSpec[]): void {
  for (const spec of specs) {
    describe(`random walks on the ${spec.name} machine with its router`, () => {
      it(
        'keeps URL == href(snapshot) and a screen for the state after every event, Back, Forward, reload and typed URL',
        // npm test runs it beside the browser project (scripts/test.ts): on the shared 2-core machine
        // (load 12) it took 62 s there and timed out at 60. The limit is for a hang, not slowness.
        { timeout: 180_000 },
        () => {
          let steps = 0;
          fc.assert(
            fc.property(machineWalk(60), (walkSteps) => {
              const app = startApp(spec);
              try {
                runWalkSync(walkSteps, (step) => {
                  const done = perform(spec, app, step);
                  check(spec, app);
                  steps++;
                  return done;
                });
              } finally {
                app.stop();
              }
            }),
            walkParameters<MachineStep>(200),
          );
          expect(steps).toBeGreaterThan(1000);
        },
      );
    });
  }
}
