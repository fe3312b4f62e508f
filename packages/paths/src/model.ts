import type { AnyMachineSnapshot, Snapshot } from 'xstate';
import { createRouterSync, href } from '@statechart/core';
import { activeNodes } from '@statechart/core/internal';
import { createControlledActor, createControls } from './internal';
import type { AnyEvent, MachineSpec } from './spec';
import { createReactRouterMemoryHistory } from './reactRouterMemoryHistory';

/**
 * What the app should show, computed without it: the machine with the same router code on a
 * memory history, told the same URLs and events. A screen the app replaces by itself (a view
 * that throws) gets its follow-up event here too.
 */
export function createModel(spec: MachineSpec, from?: { snapshot: Snapshot<unknown>; url: string }) {
  const history = createReactRouterMemoryHistory(from?.url ?? '/');
  const controls = createControls(spec.machine, spec.outcomes ?? {});
  const actor = createControlledActor(spec.machine, controls, from ? { ...spec, snapshot: from.snapshot } : spec);
  actor.start();
  const sync = createRouterSync({ actor, table: spec.table, history });
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  const followUp = () => {
    for (let guard = 0; guard < 10; guard++) {
      const active = activeNodes(spec.machine.root, snapshot().value);
      const next = active.map((node) => spec.followUps?.[node.id]).find(Boolean);
      if (!next) return;
      actor.send(next(snapshot(), spec.table));
    }
  };
  return {
    snapshot,
    url: () => href(spec.table, snapshot()),
    hrefFor: (to: string, params: Record<string, unknown>) => sync.hrefFor(to, params),
    navigate(url: string) {
      sync.navigate(url);
      followUp();
    },
    send(event: AnyEvent) {
      actor.send(event);
      followUp();
    },
    async perform(event: AnyEvent) {
      await controls.perform(actor, event);
      followUp();
    },
    /** What a fresh model needs to start here: the persisted snapshot and the URL. */
    here: () => ({ snapshot: actor.getPersistedSnapshot(), url: href(spec.table, snapshot()) }),
    stop() {
      sync.stop();
      actor.stop();
    },
  };
}

export type Model = ReturnType<typeof createModel>;

/** What a replay did to its model, to do again on a fresh one. */
export type ModelOp = { navigate: string } | { send: AnyEvent } | { perform: AnyEvent };

/** A fresh model after `ops`. */
export async function modelAfter(spec: MachineSpec, ops: ModelOp[]): Promise<Model> {
  const model = createModel(spec);
  for (const op of ops) {
    if ('navigate' in op) model.navigate(op.navigate);
    else if ('send' in op) model.send(op.send);
    else await model.perform(op.perform);
  }
  return model;
}
