import { type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type StateValue } from 'xstate';
import { activeNodes } from '@statechart/core/internal';
import { describeEvent, emptySeen, reach, type GenerateOptions, type PathStep, type TestPath } from './graph';

type AnyEvent = { type: string; [key: string]: unknown };

/**
 * What re-entering through a history state must restore, computed from the statechart's
 * semantics, not read from XState: a deep history restores the whole configuration below its
 * parent as it was when left; a shallow one restores the child that was active, entered as if new.
 */
export type Restore = NonNullable<PathStep['restores']>[number];

/** Fails unless the snapshot holds what the step's history state must restore. */
export function checkRestore(machine: AnyStateMachine, restore: Restore, value: StateValue): void {
  const parent = machine.getStateNodeById(restore.parent);
  const actual = valueBelow(value, parent.path);
  if (!same(actual, restore.value)) {
    throw new Error(
      `history #${restore.history} restored ${JSON.stringify(actual)} in #${restore.parent}, expected ${JSON.stringify(restore.value)}`,
    );
  }
}

/** Every history pseudo-state of the machine. */
export function historyNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const found: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      if (child.type === 'history') found.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return found;
}

const realChildren = (node: AnyStateNode) =>
  (Object.values(node.states) as AnyStateNode[]).filter((child) => child.type !== 'history');

/** The value below `node` when it is entered by default (its initial states all the way down). */
export function defaultValueBelow(node: AnyStateNode): StateValue {
  if (node.type === 'parallel') {
    return Object.fromEntries(realChildren(node).map((region) => [region.key, defaultValueBelow(region)]));
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (!initial) return {};
  return initial.type === 'atomic' || initial.type === 'final'
    ? initial.key
    : { [initial.key]: defaultValueBelow(initial) };
}

/** The value below the state node at `path` in a state value (undefined when it is not active). */
export function valueBelow(value: StateValue, path: readonly string[]): StateValue | undefined {
  let at: StateValue = value;
  for (const key of path) {
    if (typeof at === 'string' || !(key in at)) return undefined;
    at = at[key] as StateValue;
  }
  return at;
}

/** What a shallow history of a compound parent restores from the value it was left with. */
function shallowRestore(parent: AnyStateNode, left: StateValue): StateValue {
  const key = typeof left === 'string' ? left : (Object.keys(left)[0] as string);
  const child = parent.states[key] as AnyStateNode;
  return child.type === 'atomic' || child.type === 'final' ? key : { [key]: defaultValueBelow(child) };
}

export function expectedRestore(history: AnyStateNode, left: StateValue): StateValue {
  const parent = history.parent as AnyStateNode;
  return history.history === 'deep' || parent.type === 'parallel' ? left : shallowRestore(parent, left);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One path per history state: from a generated path that leaves the parent in a non-default
 * configuration (preferably one a shallow and a deep history restore differently), the shortest
 * events (at most `depth`) that leave the parent and come back through the history state. Its
 * last step carries the expected restore. A history state no path can re-enter this way gets
 * none, and the gate names it.
 */
export function historyPaths(
  machine: AnyStateMachine,
  options: GenerateOptions,
  paths: TestPath[],
  depth = 3,
): TestPath[] {
  const describeState = options.describeState ?? ((s: AnyMachineSnapshot) => JSON.stringify(s.value));
  const found: TestPath[] = [];
  for (const history of historyNodesOf(machine)) {
    const parent = history.parent as AnyStateNode;
    const sources = paths
      .map((path) => ({ path, left: valueBelow(path.state.value, parent.path) }))
      .filter((s): s is { path: TestPath; left: StateValue } => s.left !== undefined)
      .filter((s) => !same(s.left, defaultValueBelow(parent)))
      .sort(
        (a, b) =>
          Number(same(shallowRestore(parent, a.left), a.left)) - Number(same(shallowRestore(parent, b.left), b.left)) ||
          a.path.steps.length - b.path.steps.length,
      );
    for (const source of sources) {
      const tail = leaveAndReturn(machine, options, source.path, parent, history, depth);
      if (!tail) continue;
      const restore: Restore = { history: history.id, parent: parent.id, value: expectedRestore(history, source.left) };
      const last = tail[tail.length - 1] as PathStep;
      const steps = [...source.path.steps, ...tail.slice(0, -1), { ...last, restores: [restore] }];
      const via = steps.map((step) => describeEvent(step.event)).join(' → ');
      found.push({
        description: `restores #${parent.id} through its ${String(history.history)} history: reaches ${describeState(last.state)} via ${via}`,
        steps,
        state: last.state,
      });
      break;
    }
  }
  return found;
}

/** Breadth-first: events that leave `parent`, stay out of it, then enter it through `history`. */
function leaveAndReturn(
  machine: AnyStateMachine,
  options: GenerateOptions,
  start: TestPath,
  parent: AnyStateNode,
  history: AnyStateNode,
  depth: number,
): PathStep[] | undefined {
  const inParent = (snapshot: AnyMachineSnapshot) => activeNodes(machine.root, snapshot.value).includes(parent);
  const prefix = start.steps.map((step) => step.event);
  let frontier: Array<{ state: AnyMachineSnapshot; steps: PathStep[] }> = [{ state: start.state, steps: [] }];
  const visited = new Set<string>();
  for (let level = 0; level < depth; level++) {
    const next: typeof frontier = [];
    for (const { state, steps } of frontier) {
      for (const event of options.events as AnyEvent[]) {
        const selected = machine.getTransitionData(state, event) as unknown as Array<{ target?: AnyStateNode[] }>;
        if (selected.length === 0) continue;
        // On an actor: XState's pure transition() leaves the done events of final states unprocessed.
        const after = reach(options.live ?? machine, [...prefix, ...steps.map((s) => s.event), event], emptySeen());
        const step = { event, state: after };
        const out = steps.length > 0;
        if (out && selected.some((t) => t.target?.includes(history)) && inParent(after)) return [...steps, step];
        if (inParent(after)) continue;
        const key = options.serializeState(after);
        if (visited.has(key)) continue;
        visited.add(key);
        next.push({ state: after, steps: [...steps, step] });
      }
    }
    frontier = next;
  }
  return undefined;
}
