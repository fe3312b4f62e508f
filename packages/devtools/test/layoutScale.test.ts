import { describe, expect, it } from 'vitest';
import { initialTransition, type AnyStateMachine } from 'xstate';
import { activeNodes } from '@statechart/core/internal';
import { generatedMachine } from '../../../examples/generated/generated';
import { nestedMachine } from '../../../examples/generated/inspectorMachines';
import { machineGraph, type MachineGraph } from '../src/graph';
import { layoutGraph, type Scene } from '../src/layout';
import { fitCandidates, fitView, isInView, readableFit, READABLE_SCALE } from '../src/viewport';
import { shapesMachine } from '../../../examples/shapes/shapesMachine';

async function laidOut(machine: AnyStateMachine) {
  const graph = machineGraph(machine);
  return { graph, scene: await layoutGraph(graph) };
}

function expectEveryState(graph: MachineGraph, scene: Scene) {
  expect(scene.states.map((state) => state.id)).toEqual(graph.states.map((state) => state.id));
  for (const state of scene.states) expect(state.width * state.height, `${state.id} has no box`).toBeGreaterThan(0);
}

/** Boxes of states where neither holds the other are apart; a child's box is inside its parent's. */
function expectNoOverlaps(graph: MachineGraph, scene: Scene) {
  const boxes = new Map(scene.states.map((state) => [state.id, state]));
  const ancestors = (id: string) => {
    const list = new Set<string>();
    for (let at = graph.states.find((s) => s.id === id)?.parent; at; at = graph.states.find((s) => s.id === at)?.parent)
      list.add(at);
    return list;
  };
  const lineage = new Map(graph.states.map((state) => [state.id, ancestors(state.id)]));
  const problems: string[] = [];
  for (const state of scene.states) {
    const parent = state.state.parent && boxes.get(state.state.parent);
    if (
      parent &&
      (state.x < parent.x ||
        state.y < parent.y ||
        state.x + state.width > parent.x + parent.width ||
        state.y + state.height > parent.y + parent.height)
    )
      problems.push(`${state.id} sticks out of its parent ${parent.id}`);
  }
  for (let i = 0; i < scene.states.length; i++) {
    for (let j = i + 1; j < scene.states.length; j++) {
      const a = scene.states[i] as Scene['states'][number];
      const b = scene.states[j] as Scene['states'][number];
      if (lineage.get(a.id)?.has(b.id) || lineage.get(b.id)?.has(a.id)) continue;
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      if (!apart) problems.push(`${a.id} and ${b.id} overlap`);
    }
  }
  expect(problems, 'state boxes must not overlap: check layoutGraph in src/layout.ts').toEqual([]);
}

describe('layout at scale', () => {
  it(
    'draws every state of the shapes machine (history, final, after, invoke, parallel below compound)',
    { timeout: 30_000 },
    async () => {
      const { graph, scene } = await laidOut(shapesMachine);
      expectEveryState(graph, scene);
      expectNoOverlaps(graph, scene);
    },
  );

  // How long it takes is a benchmark (`npm run bench -- layout`, docs/BENCHMARKS.md), never a test: these
  // machines are shared and noisy.
  it('draws every state of the generated 200-route machine', { timeout: 30_000 }, async () => {
    const { graph, scene } = await laidOut(generatedMachine(200));
    expectEveryState(graph, scene);
  });

  it(
    'draws every state of a nested 200-state machine with transitions across compound states, no two boxes overlapping',
    { timeout: 30_000 },
    async () => {
      const { graph, scene } = await laidOut(nestedMachine());
      expect(graph.states.length).toBeGreaterThanOrEqual(200);
      expectEveryState(graph, scene);
      expectNoOverlaps(graph, scene);
      // Every transition with a target is an arrow that starts and ends somewhere.
      const arrows = graph.transitions.filter((t) => t.targets.length > 0 && t.kind !== 'route');
      expect(new Set(scene.edges.map((edge) => edge.transition.id))).toEqual(new Set(arrows.map((t) => t.id)));
      for (const edge of scene.edges) expect(edge.points.length, `${edge.id} has no route`).toBeGreaterThanOrEqual(2);

      // Fit in the overlay's diagram at 1,440 px: the whole machine would draw its labels far under
      // 11 px, and the active leaf's arrows reach other areas, so Fit shows as much as can be read
      // around the active leaf.
      const machine = nestedMachine();
      const active = new Set(activeNodes(machine.root, initialTransition(machine)[0].value).map((node) => node.id));
      const leaf = scene.states.find((state) => active.has(state.id) && state.state.children.length === 0)!;
      const size = { width: 790, height: 600 };
      const [whole, near] = fitCandidates(scene, active);
      expect(fitView(whole!, size).k).toBeLessThan(READABLE_SCALE);
      expect(fitView(near!, size).k).toBeLessThan(READABLE_SCALE);
      const view = readableFit(fitCandidates(scene, active), size);
      expect(view.k).toBe(READABLE_SCALE);
      expect(isInView(leaf, view, size), 'the active leaf is out of the fitted view').toBe(true);
      expect(isInView(leaf, view, size), 'the active leaf is out of the fitted view').toBe(true);
    },
  );
});
