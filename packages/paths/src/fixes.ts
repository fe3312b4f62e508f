import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ROUTE_GUARD } from '@statechart/core/internal';
import { transitionDefinitions, type TransitionDef } from './graph';
import { isInternal } from './internalNames';
import { undeclaredOutcomes } from './internal';
import type { MachineSpec } from './spec';

type FixSpec = Pick<MachineSpec, 'machine' | 'events' | 'stateContext' | 'outcomes'>;

export const HISTORY_FIX =
  "no path left its parent in a state other than its default and came back through it: add sample events that leave the parent from inside it and that target the history state to the spec's events";

/** The context fields a guard's implementation reads (`context.role`), from its source text. */
function contextReadBy(machine: AnyStateMachine, guard: string | ((...args: never[]) => unknown)): string[] {
  const implementation =
    typeof guard === 'function' ? guard : (machine.implementations.guards as Record<string, unknown>)[guard];
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

/**
 * The guard a routable state's `route: { guard }` adds, with a name to print. routed() puts its
 * route.to guard first in an and(); XState's root-level route transitions wrap that in another
 * and() behind its own route matcher: flattened, the one left is the state's own.
 */
function routeGuardOf(
  def: TransitionDef,
): { guard: string | ((...args: never[]) => unknown); name: string } | undefined {
  const index = Number(def.key.split('|').pop());
  const transition = (def.source.transitions.get(def.eventType) ?? [])[index] as { guard?: unknown } | undefined;
  const flat = (guard: unknown): unknown[] =>
    typeof guard === 'function' && Array.isArray((guard as { guards?: unknown }).guards)
      ? (guard as unknown as { guards: unknown[] }).guards.flatMap(flat)
      : [guard];
  const own = flat(transition?.guard).find(
    (guard) =>
      guard !== undefined &&
      !(typeof guard === 'function' && guard.name === 'routeMatches') &&
      !(typeof guard === 'object' && guard !== null && (guard as { type?: unknown }).type === ROUTE_GUARD),
  );
  if (typeof own === 'string') return { guard: own, name: own };
  if (typeof own === 'object' && own !== null && typeof (own as { type?: unknown }).type === 'string') {
    const name = (own as { type: string }).type;
    return { guard: name, name };
  }
  if (typeof own === 'function') return { guard: own as (...args: never[]) => unknown, name: '(inline)' };
  return undefined;
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
  if (def.routeTo) {
    // The route's own guard (routed() puts its route.to guard first in an and()).
    const own = routeGuardOf(def);
    const fields = own ? contextReadBy(spec.machine, own.guard) : [];
    if (own && fields.length) {
      return `its route guard ${own.name} reads ${fields.map((f) => `context.${f}`).join(', ')}: the search sends every route from every state it reaches, and none had ${fields.length > 1 ? 'them' : 'it'} so that the guard passes: add a sample event that sets ${fields.length > 1 ? 'them' : 'it'} to the spec's events (or exclude it with a reason in the spec's exclusions)`;
    }
    return `no route event to ${def.routeTo} selects it where the paths go: add sample params, or exclude it with a reason in the spec's exclusions`;
  }
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
