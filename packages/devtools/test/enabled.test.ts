import { createActor, setup } from 'xstate';
import { routed, int, type RouteMeta, type RoutedContext } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { describe, expect, it } from 'vitest';
import { describeEvent, enabledTransitions, targetParamNames, type GuardError } from '../src/enabled';
import { machineGraph } from '../src/graph';
import { referenceMachine } from '../../../examples/reference/referenceMachine';

const graph = machineGraph(referenceMachine);
const to = (event: object | undefined) => (event && 'to' in event ? String(event.to) : undefined);

function enabledAt(...events: { type: string; [key: string]: unknown }[]) {
  const actor = createActor(referenceMachine).start();
  for (const event of events) actor.send(event as never);
  const snapshot = actor.getSnapshot();
  const active = new Set(activeNodes(referenceMachine.root, snapshot.value).map((node) => node.id));
  return enabledTransitions(referenceMachine, graph, snapshot, active);
}

describe('enabled transitions', () => {
  it('offer the active state’s domain events and the routes its scopes take, with the target’s own params', () => {
    const enabled = enabledAt({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
    expect(enabled.get('reference.app.main.section.item.details|item.showNotes|0')).toEqual({ type: 'item.showNotes' });
    expect(enabled.has('reference.app.main.section.item.notes|item.showDetails|0')).toBe(false);
    expect(enabled.has('editor|editor.change|0')).toBe(false);
    // The deepest active scope takes a route: section's own, not main's or XState's root one.
    const toList = [...enabled.keys()].filter(
      (id) => id.includes('|xstate.route|') && to(enabled.get(id)) === '#sectionList',
    );
    expect(toList).toEqual(['section|xstate.route|1']);
    // Only the target's own params: the list has no :id.
    expect(enabled.get('section|xstate.route|1')).toEqual({ type: 'xstate.route', to: '#sectionList', params: {} });
  });

  it('leave no route out of the editor while it refuses them', () => {
    const enabled = enabledAt({ type: 'xstate.route', to: '#editor' }, { type: 'editor.change' });
    const mainScreens = ['#home', '#section', '#sectionList', '#sectionItem', '#legacy', '#broken', '#notFound'];
    const routes = [...enabled.values()].filter((event) => mainScreens.includes(to(event) ?? ''));
    expect(routes).toEqual([]);
    expect(enabled.has('editor|editor.save|0')).toBe(true);
  });

  it('are described with their payload', () => {
    expect(describeEvent({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } } as never)).toBe(
      'xstate.route #sectionItem {"id":2}',
    );
    expect(describeEvent({ type: 'item.showNotes' })).toBe('item.showNotes');
  });
});

describe('enabled transitions with payloads and failing guards', () => {
  const machine = setup({
    types: { events: {} as { type: 'pick'; item: { id: number } } },
    guards: { picksOne: ({ event }) => event.item.id === 1 },
  }).createMachine({
    id: 'picker',
    initial: 'idle',
    states: { idle: { on: { pick: { guard: 'picksOne', target: 'picked' } } }, picked: {} },
  });
  const pickerGraph = machineGraph(machine);
  const at = (payloadFor?: (type: string) => Record<string, unknown> | undefined) => {
    const snapshot = createActor(machine).start().getSnapshot();
    const active = new Set(activeNodes(machine.root, snapshot.value).map((node) => node.id));
    const errors: GuardError[] = [];
    return { enabled: enabledTransitions(machine, pickerGraph, snapshot, active, payloadFor, errors), errors };
  };

  it('report a guard that throws on a bare event instead of throwing', () => {
    const { enabled, errors } = at();
    expect(enabled.size).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.transition).toBe('picker.idle|pick|0');
  });

  it('send the sample payload, which the guard reads', () => {
    const { enabled, errors } = at(() => ({ item: { id: 1 } }));
    expect(errors).toEqual([]);
    expect(enabled.get('picker.idle|pick|0')).toEqual({ type: 'pick', item: { id: 1 } });
  });

  it('name the params a route target is made of: its path params up the tree and its search', () => {
    expect(targetParamNames(referenceMachine, '#sectionItem').sort()).toEqual(['id']);
    expect(targetParamNames(referenceMachine, '#sectionList').sort()).toEqual(['page', 'q']);
    expect(targetParamNames(referenceMachine, '#home')).toEqual([]);
  });

  it('hold on an id that starts with # (a real editor names a state #document-validation), and on a target no state has', () => {
    const machine = routed(
      setup({ types: { context: {} as RoutedContext } }).createMachine({
        id: 'editor',
        context: { params: {} },
        initial: 'home',
        states: {
          home: { id: 'home', route: {}, meta: { path: '/', title: 'Home' } satisfies RouteMeta },
          validation: {
            id: '#document-validation',
            route: {},
            meta: { path: 'check', title: 'Check' } satisfies RouteMeta,
            initial: 'one',
            states: {
              one: { id: 'one', route: {}, meta: { path: ':n', params: { n: int }, title: 'One' } satisfies RouteMeta },
            },
          },
        },
      }),
    );
    expect(targetParamNames(machine, '##document-validation')).toEqual([]);
    expect(targetParamNames(machine, '#one')).toEqual(['n']);
    expect(targetParamNames(machine, '#nowhere')).toEqual([]);
    const actor = createActor(machine).start();
    const active = new Set(activeNodes(machine.root, actor.getSnapshot().value).map((node) => node.id));
    const enabled = enabledTransitions(machine, machineGraph(machine), actor.getSnapshot(), active, () => ({}));
    expect([...enabled.values()].map(to)).toContain('##document-validation');

    // A route target the overlay cannot find is an error in the panel, never an exception.
    const graph = machineGraph(machine);
    const route = graph.transitions.find((transition) => transition.kind === 'route' && active.has(transition.source));
    if (!route) throw new Error('the machine has no route transition from an active state');
    const broken = { ...graph, transitions: [{ ...route, id: 'broken', routeTo: '#nowhere' }] };
    const errors: GuardError[] = [];
    expect(() => enabledTransitions(machine, broken, actor.getSnapshot(), active, () => ({}), errors)).not.toThrow();
    expect(errors).toEqual([
      { transition: 'broken', message: 'its route target #nowhere is no state of the machine', kind: 'target' },
    ]);
  });
});
