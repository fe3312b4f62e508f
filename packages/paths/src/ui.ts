import type { AnyMachineSnapshot, StateValue } from 'xstate';
import { activeNodes } from '@statechart/core/internal';
import { describeEvent, type Seen, type TestPath } from './graph';
import { checkRestore } from './history';
import { isInternal } from './internalNames';
import { linkProblems, type ShownLink } from './links';
import { createModel, type ModelOp } from './model';
import { statesNeedingAssertion, textOf, type AnyEvent, type MachineSpec } from './spec';

/** One thing a person can check on screen, resolved for the state shown. */
export type Check = (
  | { kind: 'heading'; name: string }
  | { kind: 'title'; part: string }
  | { kind: 'pressed'; name: string }
  | { kind: 'absentHeading'; name: string }
) & {
  /** The state whose assertion this is (`#id`), for the failure message. */
  state?: string;
};

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
  /** The in-app links on screen (for "links lead where they say"); a level without it skips that check. */
  links?(): Promise<ShownLink[]>;
  /** What is shown now, for a failure message: the machine's state value, the URL, the headings, the title. */
  found?(): Promise<Shown>;
}

export interface Shown {
  value: unknown;
  url: string;
  headings: string[];
  title: string;
}

const describeShown = (shown: Shown) =>
  `state ${JSON.stringify(shown.value)}, URL ${shown.url}, headings ${JSON.stringify(shown.headings)}, title "${shown.title}"`;

/** Screens (URL and state) whose links were checked already, shared by a suite's paths. */
export type CheckedScreens = Set<string>;

/** The checks of every state shown in `snapshot` that has an assertion. */
export function checksFor(spec: MachineSpec, snapshot: AnyMachineSnapshot): Check[] {
  const shown = new Set(activeNodes(spec.machine.root, snapshot.value).map((node) => node.id));
  const checks: Check[] = [];
  for (const node of statesNeedingAssertion(spec)) {
    if (!shown.has(node.id)) continue;
    const assertion = spec.assertions[node.id];
    if (!assertion) throw new Error(`state #${node.id} has no assertion`);
    const state = `#${node.id}`;
    if (assertion.heading !== undefined) {
      checks.push({ kind: 'heading', name: textOf(assertion.heading, snapshot), state });
    }
    if (assertion.title !== undefined) checks.push({ kind: 'title', part: textOf(assertion.title, snapshot), state });
    if (assertion.pressed !== undefined) checks.push({ kind: 'pressed', name: assertion.pressed, state });
    if (assertion.absentHeading !== undefined) {
      checks.push({ kind: 'absentHeading', name: assertion.absentHeading, state });
    }
  }
  return checks;
}

/** How the spec's executor performs an event: `click button "Sign in"`, `route to /area`. */
function describeAction(spec: MachineSpec, event: AnyEvent): string {
  if (isInternal(event.type)) return "the level's clock or actor";
  const action = spec.executors[event.type]?.(event);
  if (!action) return 'no executor';
  if (action.do === 'route') return `executor: a link to ${action.to}, else the URL typed`;
  if (action.do === 'click') return `executor: click ${action.role} "${action.name}"`;
  if (action.do === 'type') return `executor: type "${action.text}" in "${action.label}"`;
  return 'executor: the app reports it';
}

const describeCheck = (check: Check) =>
  check.kind === 'heading'
    ? `heading "${check.name}"`
    : check.kind === 'title'
      ? `"${check.part}" in the title`
      : check.kind === 'pressed'
        ? `button "${check.name}" pressed`
        : `no heading "${check.name}"`;

/**
 * Checks that the app shows the model's state: state value, URL, history length, screen. A
 * failure says what was expected (and from which state's assertion in the spec) and what is shown.
 */
async function expectShown(spec: MachineSpec, driver: Driver, model: ReturnType<typeof createModel>, length: number) {
  const expected = `state ${JSON.stringify(model.snapshot().value)}, URL ${model.url()}`;
  const fail = async (what: string, error?: unknown): Promise<never> => {
    const found = driver.found ? describeShown(await driver.found()) : 'not readable at this level';
    const cause = error instanceof Error ? `\n  (${error.message.split('\n')[0]})` : '';
    throw new Error(`${what}\n  expected ${expected}\n  found    ${found}${cause}`);
  };
  try {
    await driver.waitForState(model.snapshot().value);
  } catch (error) {
    await fail('the app did not reach the state the model is in', error);
  }
  const url = await driver.url();
  if (url !== model.url()) await fail(`the URL is ${url}, not href(snapshot) = ${model.url()}`);
  const entries = await driver.historyLength();
  if (entries !== length) await fail(`history has ${entries} entries, expected ${length}`);
  for (const check of checksFor(spec, model.snapshot())) {
    try {
      await driver.check(check);
    } catch (error) {
      await fail(
        `${describeCheck(check)} is not shown: the assertion of ${check.state ?? 'a state'} in the ${spec.name} spec (fix the view, or the assertion if the screen is right)`,
        error,
      );
    }
  }
}

/**
 * Replays a generated path through a level's driver, each event performed as its executor says
 * a person would, and checks the screen after every step. A new URL is a new history entry.
 */
export async function replayThroughUi(
  spec: MachineSpec,
  path: TestPath,
  driver: Driver,
  seen?: Seen,
  linksChecked?: CheckedScreens,
): Promise<void> {
  const model = createModel(spec);
  const ops: ModelOp[] = [];
  // Every link on every screen the paths reach (once per screen), followed on a fresh model.
  const checkLinks = async () => {
    if (!driver.links || !linksChecked) return;
    const key = JSON.stringify([model.url(), model.snapshot().value, spec.stateContext?.(model.snapshot())]);
    if (linksChecked.has(key)) return;
    linksChecked.add(key);
    const problems = await linkProblems(spec, ops, await driver.links());
    if (problems.length) throw new Error(`Links lead elsewhere than they say:\n  ${problems.join('\n  ')}`);
  };
  try {
    let length = 1;
    await expectShown(spec, driver, model, length);
    await checkLinks();
    for (const [index, { event, restores }] of path.steps.entries()) {
      const before = model.url();
      const where = () =>
        `${spec.name}, step ${index + 1} of ${path.steps.length} (${describeEvent(event)}, ${describeAction(spec, event)})`;
      try {
        if (isInternal(event.type)) {
          await driver.internal(event);
          await model.perform(event);
          ops.push({ perform: event });
        } else {
          const executor = spec.executors[event.type];
          if (!executor) throw new Error(`event "${event.type}" has no executor`);
          const action = executor(event);
          if (action.do === 'route') {
            const url = model.hrefFor(action.to, action.params);
            await driver.route(url);
            model.navigate(url);
            ops.push({ navigate: url });
          } else {
            if (action.do === 'click') await driver.click(action.role, action.name);
            else if (action.do === 'type') await driver.type(action.label, action.text);
            else await driver.report(action.event);
            model.send(event);
            ops.push({ send: event });
          }
        }
        if (model.url() !== before) length++;
        await expectShown(spec, driver, model, length);
        // The app's state equals the model's (expectShown): check what each history restored.
        for (const restore of restores ?? []) {
          checkRestore(spec.machine, restore, model.snapshot().value);
          seen?.histories.add(restore.history);
        }
        await checkLinks();
      } catch (error) {
        const done = path.steps.slice(0, index).map((step) => describeEvent(step.event));
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${where()}, after ${done.join(' → ') || 'the start'}:\n${message}`, { cause: error });
      }
    }
  } finally {
    model.stop();
  }
}
