import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { generatedMachine } from '../../bench/apps/generated';
import { machineGraph, type MachineGraph } from '../../src/dev/graph';
import { layoutGraph, type Scene } from '../../src/dev/layout';
import { shapesMachine } from '../shapes/shapesMachine';

async function laidOut(machine: AnyStateMachine) {
  const graph = machineGraph(machine);
  return { graph, scene: await layoutGraph(graph) };
}

function expectEveryState(graph: MachineGraph, scene: Scene) {
  expect(scene.states.map((state) => state.id)).toEqual(graph.states.map((state) => state.id));
  for (const state of scene.states) expect(state.width * state.height, `${state.id} has no box`).toBeGreaterThan(0);
}

describe('layout at scale', () => {
  it(
    'draws every state of the shapes machine (history, final, after, invoke, parallel below compound)',
    { timeout: 30_000 },
    async () => {
      const { graph, scene } = await laidOut(shapesMachine);
      expectEveryState(graph, scene);
    },
  );

  // How long it takes is a benchmark (`npm run bench -- layout`, docs/BENCHMARKS.md), never a test: these
  // machines are shared and noisy.
  it('draws every state of the generated 200-route machine', { timeout: 30_000 }, async () => {
    const { graph, scene } = await laidOut(generatedMachine(200));
    expectEveryState(graph, scene);
  });
});
