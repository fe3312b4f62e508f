import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { activeNodes } from '../../src/routing/url';
import { describeEvent, enabledTransitions } from '../../src/dev/enabled';
import { machineGraph } from '../../src/dev/graph';
import { referenceMachine } from '../reference/referenceMachine';

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
  it('offer the active state’s domain events and the routes its scopes take, with the current params', () => {
    const enabled = enabledAt({ type: 'xstate.route', to: '#sectionItem', params: { id: 2 } });
    expect(enabled.get('reference.app.main.section.item.details|item.showNotes|0')).toEqual({ type: 'item.showNotes' });
    expect(enabled.has('reference.app.main.section.item.notes|item.showDetails|0')).toBe(false);
    expect(enabled.has('editor|editor.change|0')).toBe(false);
    // The deepest active scope takes a route: section's own, not main's or XState's root one.
    const toList = [...enabled.keys()].filter(
      (id) => id.includes('|xstate.route|') && to(enabled.get(id)) === '#sectionList',
    );
    expect(toList).toEqual(['section|xstate.route|1']);
    expect(enabled.get('section|xstate.route|1')).toEqual({
      type: 'xstate.route',
      to: '#sectionList',
      params: { id: 2 },
    });
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
