import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import type { AnyMachineSnapshot, StateValue } from 'xstate';
import { createRouterSync } from '../../src/routing/sync';
import { activeNodes, href } from '../../src/routing/url';
import type { Seen, TestPath } from './graph';
import { checkRestore } from './history';
import { createControlledActor, createControls } from './internal';
import { isInternal } from './internalNames';
import { statesNeedingAssertion, textOf, type AnyEvent, type MachineSpec } from './spec';

/** One thing a person can check on screen, resolved for the state shown. */
export type Check =
  | { kind: 'heading'; name: string }
  | { kind: 'title'; part: string }
  | { kind: 'pressed'; name: string }
  | { kind: 'absentHeading'; name: string };

/** What a level must be able to do: perform user actions and read what is shown. */
export interface Driver {
  /** Click a link on screen whose href is `url`; with none, type the URL. */
  route(url: string): Promise<void>;
  click(role: 'button' | 'link', name: string): Promise<void>;
  type(label: string, text: string): Promise<void>;
  /** An event the app sends by itself (the error boundary's view.failed). */
  report(event: AnyEvent): Promise<void>;
  /** Time passes (an `after` event) or an invoked actor settles (its done or error event). */
  internal(event: AnyEvent): Promise<void>;
  /** Waits until the app's machine is in `value`. */
  waitForState(value: StateValue): Promise<void>;
  /** The URL shown, app-relative: pathname + search. */
  url(): Promise<string>;
  historyLength(): Promise<number>;
  check(check: Check): Promise<void>;
}

/** The checks of every state shown in `snapshot` that has an assertion. */
export function checksFor(spec: MachineSpec, snapshot: AnyMachineSnapshot): Check[] {
  const shown = new Set(activeNodes(spec.machine.root, snapshot.value).map((node) => node.id));
  const checks: Check[] = [];
  for (const node of statesNeedingAssertion(spec)) {
    if (!shown.has(node.id)) continue;
    const assertion = spec.assertions[node.id];
    if (!assertion) throw new Error(`state #${node.id} has no assertion`);
    if (assertion.heading !== undefined) checks.push({ kind: 'heading', name: textOf(assertion.heading, snapshot) });
    if (assertion.title !== undefined) checks.push({ kind: 'title', part: textOf(assertion.title, snapshot) });
    if (assertion.pressed !== undefined) checks.push({ kind: 'pressed', name: assertion.pressed });
    if (assertion.absentHeading !== undefined) checks.push({ kind: 'absentHeading', name: assertion.absentHeading });
  }
  return checks;
}

/**
 * What the app should show, computed without it: the machine with the same router code on a
 * memory history, told the same URLs and events. A screen the app replaces by itself (a view
 * that throws) gets its follow-up event here too.
 */
export function createModel(spec: MachineSpec) {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  const controls = createControls(spec.machine, spec.outcomes ?? {});
  const actor = createControlledActor(spec.machine, controls);
  actor.start();
  const sync = createRouterSync({ actor, table: spec.table, history });
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  const followUp = () => {
    for (let guard = 0; guard < 10; guard++) {
      const active = activeNodes(spec.machine.root, snapshot().value);
      const next = active.map((node) => spec.followUps?.[node.id]).find(Boolean);
      if (!next) return;
      actor.send(next(snapshot(), spec.table));
    }
  };
  return {
    snapshot,
    url: () => href(spec.table, snapshot()),
    hrefFor: (to: string, params: Record<string, unknown>) => sync.hrefFor(to, params),
    navigate(url: string) {
      sync.navigate(url);
      followUp();
    },
    send(event: AnyEvent) {
      actor.send(event);
      followUp();
    },
    async perform(event: AnyEvent) {
      await controls.perform(actor, event);
      followUp();
    },
    stop() {
      sync.stop();
      actor.stop();
    },
  };
}

/** Checks that the app shows the model's state: state value, URL, history length, screen. */
async function expectShown(spec: MachineSpec, driver: Driver, model: ReturnType<typeof createModel>, length: number) {
  await driver.waitForState(model.snapshot().value);
  const url = await driver.url();
  if (url !== model.url()) throw new Error(`URL is ${url}, expected href(snapshot) = ${model.url()}`);
  const entries = await driver.historyLength();
  if (entries !== length) throw new Error(`history has ${entries} entries, expected ${length}`);
  for (const check of checksFor(spec, model.snapshot())) await driver.check(check);
}

/**
 * Replays a generated path through a level's driver, each event performed as its executor says
 * a person would, and checks the screen after every step. A new URL is a new history entry.
 */
export async function replayThroughUi(spec: MachineSpec, path: TestPath, driver: Driver, seen?: Seen): Promise<void> {
  const model = createModel(spec);
  try {
    let length = 1;
    await expectShown(spec, driver, model, length);
    for (const { event, restore } of path.steps) {
      const before = model.url();
      if (isInternal(event.type)) {
        await driver.internal(event);
        await model.perform(event);
        if (model.url() !== before) length++;
        await expectShown(spec, driver, model, length);
        continue;
      }
      const executor = spec.executors[event.type];
      if (!executor) throw new Error(`event "${event.type}" has no executor`);
      const action = executor(event);
      if (action.do === 'route') {
        const url = model.hrefFor(action.to, action.params);
        await driver.route(url);
        model.navigate(url);
      } else {
        if (action.do === 'click') await driver.click(action.role, action.name);
        else if (action.do === 'type') await driver.type(action.label, action.text);
        else await driver.report(action.event);
        model.send(event);
      }
      if (model.url() !== before) length++;
      await expectShown(spec, driver, model, length);
      if (restore) {
        // The app's state equals the model's (expectShown): check what the history restored.
        checkRestore(spec.machine, restore, model.snapshot().value);
        seen?.histories.add(restore.history);
      }
    }
  } finally {
    model.stop();
  }
}
