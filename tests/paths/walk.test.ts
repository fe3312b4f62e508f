import fc from 'fast-check';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { createRouterSync, type RouterSync } from '../../src/routing/sync';
import { href, screenKey } from '../../src/routing/url';
import { describeEvent } from './graph';
import { productSpec } from './productPaths';
import { referenceSpec } from './referencePaths';
import { generateOptions, type MachineSpec } from './spec';
import { checksFor } from './ui';
import { pick, runWalkSync, walk, walkParameters, type WalkStep } from './walk';

/**
 * The machine with the router on a memory history, as the app runs it minus React: a reload
 * starts a new actor and router on the same history, as a page load does.
 */
function startApp(spec: MachineSpec) {
  const history = createMemoryHistory({ initialEntries: ['/'] });
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

/** Whether a fresh app at `url` shows the same screens: the URL is the whole address of a screen. */
function screensAt(spec: MachineSpec, url: string, input?: unknown): string {
  const history = createMemoryHistory({ initialEntries: [url] });
  const actor = createActor(spec.machine, { input });
  actor.start();
  const sync = createRouterSync({ actor, table: spec.table, history });
  const key = screenKey(spec.table, actor.getSnapshot() as AnyMachineSnapshot);
  sync.stop();
  actor.stop();
  return key;
}

function perform(spec: MachineSpec, app: ReturnType<typeof startApp>, step: WalkStep): string {
  const events = generateOptions(spec).events;
  if (step.kind === 'event') {
    const enabled = events.filter((event) => app.snapshot().machine.getTransitionData(app.snapshot(), event).length);
    const event = pick(enabled, step.pick);
    if (event) app.send(event);
    return event ? describeEvent(event) : 'no event enabled';
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
  if (!snapshot.matches('error') && screensAt(spec, url, input) !== screenKey(spec.table, snapshot)) {
    throw new Error(`a reload at ${url} shows ${screensAt(spec, url, input)}, not ${screenKey(spec.table, snapshot)}`);
  }
}

for (const spec of [referenceSpec, productSpec]) {
  describe(`random walks on the ${spec.name} machine with its router`, () => {
    it('keeps URL == href(snapshot) and a screen for the state after every event, Back, Forward, reload and typed URL', () => {
      let steps = 0;
      fc.assert(
        fc.property(walk(60), (walkSteps) => {
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
        walkParameters(200),
      );
      expect(steps).toBeGreaterThan(1000);
    });
  });
}
