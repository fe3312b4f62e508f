import { createMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { routed, routeTargetOf } from '@statechart/core';
import { guardLabel, machineGraph, type MachineGraph } from '../src/graph';
import { referenceMachine } from '../../../examples/reference/referenceMachine';
import { layoutGraph, readableEvent } from '../src/layout';
import { renderSvg } from '../src/svg';

/** Every state node and transition definition, walked independently of machineGraph(). */
function census(machine: AnyStateMachine) {
  const nodes: AnyStateNode[] = [];
  const transitions: { source: string; event: string; targets: string[] }[] = [];
  const walk = (node: AnyStateNode) => {
    nodes.push(node);
    for (const [event, list] of node.transitions) {
      for (const t of list) transitions.push({ source: node.id, event, targets: (t.target ?? []).map((n) => n.id) });
    }
    for (const t of node.always ?? []) {
      transitions.push({ source: node.id, event: '', targets: (t.target ?? []).map((n) => n.id) });
    }
    for (const child of Object.values(node.states)) walk(child as AnyStateNode);
  };
  walk(machine.root);
  return { nodes, transitions };
}

const count = <T>(items: T[], key: (item: T) => string) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};

describe.each([['the reference machine', referenceMachine]])('the graph of %s', (_name, machine) => {
  const graph = machineGraph(machine);
  const { nodes, transitions } = census(machine);

  it('has every state node exactly once, with its parent and children', () => {
    expect(graph.states.map((s) => s.id).sort()).toEqual(nodes.map((n) => n.id).sort());
    expect(new Set(graph.states.map((s) => s.id)).size).toBe(graph.states.length);
    for (const node of nodes) {
      const state = graph.states.find((s) => s.id === node.id);
      expect(state?.parent).toBe(node.parent?.id ?? null);
      expect(state?.children).toEqual(Object.values(node.states).map((c) => (c as AnyStateNode).id));
      expect(state?.kind).toBe(node.type);
    }
  });

  it('has every transition definition exactly once, always and generated route transitions included', () => {
    expect(graph.transitions).toHaveLength(transitions.length);
    expect(new Set(graph.transitions.map((t) => t.id)).size).toBe(graph.transitions.length);
    const key = (t: { source: string; event: string; targets: string[] }) =>
      `${t.source} ${t.event} ${t.targets.join(',')}`;
    expect(count(graph.transitions, key)).toEqual(count(transitions, key));
  });

  it('gives XState’s root-level route transitions one per routable state', () => {
    const routable = graph.states.filter((s) => s.routable).map((s) => `#${s.id}`);
    const rootRoutes = graph.transitions.filter((t) => t.routeScope === 'root').map((t) => t.routeTo);
    expect(rootRoutes.sort()).toEqual(routable.sort());
    expect(machine.root.transitions.get('xstate.route')).toHaveLength(routable.length);
  });
});

describe('the graph of the reference machine', () => {
  const graph: MachineGraph = machineGraph(referenceMachine);
  const state = (id: string) => graph.states.find((s) => s.id === id);

  it('keeps the parallel regions and the nesting', () => {
    expect(state('reference.app')).toMatchObject({
      kind: 'parallel',
      children: ['reference.app.main', 'reference.app.overlay'],
    });
    expect(state('reference.app.main')).toMatchObject({ region: true, initial: ['home'] });
    expect(state('reference.app.overlay')).toMatchObject({ region: true, initial: ['overlayClosed'] });
    expect(state('sectionItem')).toMatchObject({ parent: 'section', kind: 'compound' });
    expect(state('reference.app.main.section.item.notes')).toMatchObject({ parent: 'sectionItem', kind: 'atomic' });
  });

  it('composes route paths from the route table and marks routable states', () => {
    expect(state('sectionItem')).toMatchObject({ routable: true, path: '/section/:id', explicitId: true });
    expect(state('sectionList')?.path).toBe('/section');
    expect(state('overlayOpen')?.path).toBe('?overlay=open');
    expect(state('notFound')?.path).toBe('*');
    expect(state('error')).toMatchObject({ routable: false, path: null });
  });

  it('takes an author’s own xstate.route handler for an event, not a route: the form’s refusal', () => {
    const refusal = graph.transitions.find((t) => t.source === 'newRecord' && t.guard === 'isRecordDirty');
    expect(refusal).toMatchObject({ event: 'xstate.route', routeTo: null, routeScope: null, kind: 'event' });
  });

  it('finds every route transition into #sectionItem: XState’s, the scoped ones and the one in place', () => {
    const into = graph.transitions.filter((t) => t.routeTo === '#sectionItem');
    expect(into.map((t) => [t.source, t.routeScope])).toEqual([
      ['reference', 'root'],
      ['reference.app.main', 'ancestor'],
      ['section', 'ancestor'],
      ['sectionItem', 'self'],
    ]);
    expect(into.find((t) => t.source === 'section')?.guard).toBe('route.to(#sectionItem)');
    expect(into.find((t) => t.source === 'reference')?.guard).toMatch(/^and\(.*route\.to\(#sectionItem\)\)$/);
  });

  it('tells domain events, always and the editor’s own route guard apart from generated routes', () => {
    const kinds = (source: string) =>
      graph.transitions.filter((t) => t.source === source).map((t) => [t.event, t.kind, t.guard]);
    expect(kinds('legacy')).toContainEqual(['', 'always', null]);
    expect(kinds('editor')).toContainEqual(['xstate.route', 'event', 'isDirty']);
    expect(kinds('editor')).toContainEqual(['editor.change', 'event', null]);
    expect(graph.transitions.find((t) => t.event === 'item.showNotes')?.targets).toEqual([
      'reference.app.main.section.item.notes',
    ]);
  });
});

describe('guard labels', () => {
  it('name string, parameterised and combined guards', () => {
    expect(guardLabel('isDirty')).toBe('isDirty');
    expect(guardLabel({ type: 'limit', params: { max: 3 } })).toBe('limit({"max":3})');
    const and = Object.assign(function and() {}, { guards: ['a', { type: 'route.to', params: { to: '#x' } }] });
    expect(guardLabel(and)).toBe('and(a, route.to(#x))');
    expect(guardLabel(undefined)).toBeNull();
  });
});

describe('labels of XState-raised events', () => {
  it('read as time, actor outcomes and done', () => {
    expect(readableEvent('xstate.after.3000.shapes.load.loading')).toBe('after 3000 ms');
    expect(readableEvent('xstate.done.actor.fetch')).toBe('fetch done');
    expect(readableEvent('xstate.error.actor.fetch')).toBe('fetch error');
    expect(readableEvent('xstate.done.state.shapes.wizard.steps')).toBe('done');
    expect(readableEvent('item.showNotes')).toBe('item.showNotes');
  });
});

describe('invoked actors in the graph', () => {
  it('lists each state’s invoked actors, drawn as a line in its box in the SVG export', async () => {
    const graph = machineGraph(referenceMachine);
    expect(graph.states.find((state) => state.id === 'section')?.invokes).toEqual(['sectionWork']);
    expect(graph.states.find((state) => state.id === 'home')?.invokes).toEqual([]);
    const svg = renderSvg(await layoutGraph(graph), 'reference');
    expect(svg).toContain('⚙ sectionWork (stopped on exit)');
  });
});

describe('guard labels of routed() machines', () => {
  it('names the guard that answers a parent’s own URL in place while no routable child is shown', () => {
    const machine = routed(
      createMachine({
        id: 'm',
        initial: 'list',
        states: {
          list: {
            id: 'list',
            route: {},
            meta: { path: 'list' },
            initial: 'index',
            states: { index: {}, item: { id: 'item', route: {}, meta: { path: ':id' } } },
          },
        },
      }),
    );
    const labels = machineGraph(machine).transitions.map((transition) => transition.guard);
    expect(labels).toContain('and(route.to(#list), noneActive)');
    expect(labels.filter((label) => label?.includes('inline'))).toEqual([]);
  });
});

describe('routeTargetOf', () => {
  it('reads routed()’s guard or XState’s root-level target, never an author’s own handler’s target', () => {
    const machine = routed(
      createMachine(
        {
          id: 'm',
          initial: 'a',
          states: {
            a: { id: 'a', route: {}, meta: { path: '' }, on: { 'xstate.route': { guard: 'stay', target: '#b' } } },
            b: { id: 'b', route: {}, meta: { path: 'b/:id' } },
          },
        },
        { guards: { stay: () => false } },
      ),
    );
    const of = (node: AnyStateNode) => (node.transitions.get('xstate.route') ?? []).map((t) => routeTargetOf(node, t));
    // Root: no param for #a (XState's own guard, the target says it), a param for #b (routed()'s guard).
    expect(of(machine.root)).toEqual(['#a', '#b']);
    // #a: the author's handler (target #b, no route guard), then routed()'s answer in place.
    expect(of(machine.getStateNodeById('a'))).toEqual([null, '#a']);
  });
});
