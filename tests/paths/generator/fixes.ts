import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { transitionDefinitions, type TransitionDef } from './graph';
import { isInternal } from './internalNames';
import { undeclaredOutcomes } from './internal';
import type { MachineSpec } from '../spec';

type FixSpec = Pick<MachineSpec, 'machine' | 'events' | 'stateContext' | 'outcomes'>;

export const HISTORY_FIX =
  "no path left its parent in a state other than its default and came back through it: add sample events that leave the parent from inside it and that target the history state to the spec's events";

/** The context fields a guard's implementation reads (`context.role`), from its source text. */
function contextReadBy(machine: AnyStateMachine, guard: string): string[] {
  const implementation = (machine.implementations.guards as Record<string, unknown>)[guard];
  if (typeof implementation !== 'function') return [];
  const text = String(implementation);
  const fields = new Set<string>();
  for (const match of text.matchAll(/context\.(\w+)/g)) fields.add(match[1] as string);
  for (const match of text.matchAll(/\{\s*context\s*:\s*\{([^}]*)\}/g)) {
    for (const name of (match[1] as string).split(','))
      if (name.trim()) fields.add(name.trim().split(/[:\s]/)[0] as string);
  }
  return [...fields];
}

function guardOf(def: TransitionDef): string | undefined {
  return /\[([^\]]+)\]/.exec(def.label)?.[1];
}

function guardAdvice(spec: FixSpec, guard: string): string {
  const fields = contextReadBy(spec.machine, guard);
  if (fields.length) {
    return `its guard ${guard} reads ${fields.map((f) => `context.${f}`).join(', ')}: add ${fields.length > 1 ? 'them' : 'it'} to the spec's stateContext so the paths tell those states apart (or exclude it with a reason in the spec's exclusions)`;
  }
  return `its guard ${guard} never passed on the states the paths reach: add what it reads to the spec's stateContext, a sample event that makes it pass to the spec's events, or exclude it with a reason in the spec's exclusions`;
}

/** What to change so that a transition the paths never took gets taken (or is excluded honestly). */
export function fixForTransition(spec: FixSpec, def: TransitionDef): string {
  const undeclared = undeclaredOutcomes(spec.machine, spec.outcomes ?? {}).find((problem) =>
    problem.includes(`"${def.eventType}"`),
  );
  if (undeclared) return undeclared;
  const guard = guardOf(def);
  if (guard && !def.routeTo) return guardAdvice(spec, guard);
  if (
    def.eventType !== '' &&
    !isInternal(def.eventType) &&
    !spec.events.some((e) => e.type === def.eventType) &&
    !def.routeTo
  ) {
    return `no sample of "${def.eventType}": add one with its payload to the spec's events`;
  }
  if (def.routeTo)
    return `no route event to ${def.routeTo} selects it where the paths go: add sample params, or exclude it with a reason in the spec's exclusions`;
  return `no path reaches #${def.source.id} where it is enabled: exclude it with a reason in the spec's exclusions if it cannot happen`;
}

/** What to change so that a state the paths never reached gets reached (or is excluded honestly). */
export function fixForState(spec: FixSpec, id: string): string {
  const node = spec.machine.getStateNodeById(id);
  const into = transitionDefinitions(spec.machine).filter((def) =>
    def.targets.some((target) => target === id || isBelow(spec.machine.getStateNodeById(target), node)),
  );
  if (into.length === 0) {
    return `no transition leads into it: give it one, or exclude it with a reason in the spec's exclusions`;
  }
  const guarded = into.map(guardOf).find((guard): guard is string => Boolean(guard) && guard !== 'route.to');
  if (guarded) return guardAdvice(spec, guarded);
  const types = [...new Set(into.map((def) => def.eventType))];
  return `the transitions into it (${types.join(', ') || 'always'}) were never taken: see those transitions below`;
}

function isBelow(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (at === ancestor) return true;
  return false;
}
