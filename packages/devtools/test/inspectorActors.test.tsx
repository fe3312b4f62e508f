import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Inspector } from '../src/Inspector';
import { machineGraph } from '../src/graph';
import { actorsMachine, startActors } from './actorsMachine';

afterEach(cleanup);

function open() {
  const { actor, log } = startActors();
  render(<Inspector actor={actor} machine={actorsMachine} log={log} onClose={() => {}} />);
  return actor;
}

const actorsPanel = () => screen.getByRole('region', { name: /Actors/ });
const actorLine = (id: string) => {
  const line = actorsPanel().querySelector(`[data-actor="${id}"]`);
  if (!line) throw new Error(`The Actors panel should list "${id}"; it shows: ${actorsPanel().textContent}`);
  return line.textContent ?? '';
};

describe('invoked and spawned actors in the overlay', () => {
  it('lists the invoked child and the one spawned on entry, each with its state', () => {
    open();
    expect(actorLine('onEntry')).toMatch(/onEntry \(spawned, src child\) active in "idle"/);
    expect(actorLine('invokedChild')).toMatch(/invokedChild \(invoked, src child\) active in "idle"/);
  });

  it('follows each child’s own state as events reach it', async () => {
    const actor = open();
    await act(async () => actor.send({ type: 'poke.entry' }));
    expect(actorLine('onEntry')).toContain('in "busy"');
    expect(actorLine('invokedChild')).toContain('in "idle"');
    await act(async () => actor.send({ type: 'poke.invoked' }));
    expect(actorLine('invokedChild')).toContain('in "busy"');
  });

  it('adds actors spawned inside assign and by a spawnChild action when they start, and follows them', async () => {
    const actor = open();
    expect(actorsPanel().querySelector('[data-actor="assigned0"]')).toBeNull();
    await act(async () => actor.send({ type: 'spawn.assign' }));
    await act(async () => actor.send({ type: 'spawn.action' }));
    expect(actorLine('assigned0')).toMatch(/assigned0 \(spawned, src child\) active in "idle"/);
    expect(actorLine('onEvent')).toMatch(/onEvent \(spawned, src child\) active in "idle"/);
    await act(async () => actor.send({ type: 'poke.assigned' }));
    expect(actorLine('assigned0')).toContain('in "busy"');
    // The ref kept in the context is one value in the context panel (its fields lead to the whole system).
    const refs = screen.getByRole('list', { name: 'Context' }).querySelector('[data-path="refs.0"]');
    expect(refs?.textContent).toBe('0: actor assigned0');
  });

  it('drops the invoked child when its state is left, and keeps the spawned ones', async () => {
    const actor = open();
    await act(async () => actor.send({ type: 'spawn.assign' }));
    await act(async () => actor.send({ type: 'stop' }));
    expect(actorsPanel().querySelector('[data-actor="invokedChild"]')).toBeNull();
    expect(actorLine('onEntry')).toContain('spawned');
    expect(actorLine('assigned0')).toContain('spawned');
  });

  it('draws each state’s invoked actor and spawnChild actions in its box (the diagram’s graph)', () => {
    const graph = machineGraph(actorsMachine);
    const byKey = new Map(graph.states.map((state) => [state.key, state]));
    expect(byKey.get('actors')?.spawns).toEqual([{ src: 'child', on: 'entry' }]);
    expect(byKey.get('running')?.invokes).toEqual(['child']);
    expect(byKey.get('running')?.spawns).toEqual([{ src: 'child', on: 'spawn.action' }]);
  });
});
