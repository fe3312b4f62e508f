import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, Snapshot } from 'xstate';
import { createRouterSync, href, hrefFor, resolveUrl } from '@statechart/core';
import { linkLocations } from '@statechart/core/internal';
import { referenceSpec } from '../../../examples/reference/paths';
import { shapesSpec } from '../../../examples/shapes/paths';
import { stateKey } from '../src/cover';
import { createControlledActor, createControls } from '../src/internal';
import { routeEvents, type MachineSpec } from '../src/spec';
import { generateSuite } from '../src/suite';
import { minimalSpecs } from './shapes/minimalPaths';

/**
 * A `<Link>`'s click sends its route events without writing its URL and parsing it back
 * (`sync.follow`); the contract is that it lands exactly where that URL would
 * (`sync.navigate(hrefFor(…))`). Derived, not listed: every state the generated walks reach on the
 * examples' machines and the shape fixtures, times a link to every routable state with the spec's
 * sample params (and each search-param variant), under the root and under a base path.
 */
const specs: MachineSpec[] = [referenceSpec, shapesSpec, ...minimalSpecs];

interface Here {
  snapshot: Snapshot<unknown>;
  url: string;
}

/** Every distinct state the spec's machine-level walks pass through, as a fresh app would start there. */
async function statesOf(spec: MachineSpec): Promise<Here[]> {
  const suite = await generateSuite(spec, 'machine');
  const found = new Map<string, Here>();
  for (const walk of suite.walks) {
    const controls = createControls(spec.machine, spec.outcomes ?? {});
    const actor = createControlledActor(spec.machine, controls, spec);
    actor.start();
    const keep = () => {
      const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
      const key = stateKey(spec, snapshot);
      if (!found.has(key)) found.set(key, { snapshot: actor.getPersistedSnapshot(), url: href(spec.table, snapshot) });
    };
    keep();
    for (const step of walk.steps) {
      await controls.perform(actor, step.event);
      keep();
    }
    actor.stop();
  }
  return [...found.values()];
}

/** An app started at `here` under `base`, recording what the machine hears and what the router does. */
function appAt(spec: MachineSpec, here: Here, base: string) {
  const prefix = base.replace(/\/$/, '');
  const history = createMemoryHistory({ initialEntries: ['/', prefix + here.url], initialIndex: 1 });
  const controls = createControls(spec.machine, spec.outcomes ?? {});
  const heard: unknown[] = [];
  const actor = createControlledActor(spec.machine, controls, { ...spec, snapshot: here.snapshot });
  actor.start();
  const sync = createRouterSync({ actor, table: spec.table, history, base });
  // After start-up (which may replace the entry): only what the move does is compared.
  actor.system.inspect?.((event: { type: string; event?: { type: string } }) => {
    if (event.type === '@xstate.event' && event.event) heard.push(event.event);
  });
  const outcome = () => {
    const snapshot = actor.getSnapshot() as AnyMachineSnapshot;
    const refusal = sync.getRefusal();
    const { kind, entered } = sync.getNavigation();
    const result = {
      value: snapshot.value,
      context: JSON.parse(JSON.stringify(snapshot.context)) as unknown,
      url: history.location.pathname + history.location.search,
      index: history.index,
      navigation: { kind, entered },
      refusal: refusal && { url: refusal.url, message: refusal.message, delta: refusal.delta },
      heard: JSON.parse(JSON.stringify(heard)) as unknown,
    };
    sync.stop();
    actor.stop();
    return result;
  };
  return { sync, outcome };
}

describe.each(specs.map((spec) => [spec.name, spec] as const))('a link on the %s machine', (_, spec) => {
  it(
    'takes the machine, the history and the refusals exactly where its URL would, from every state reached',
    { timeout: 120_000 },
    async () => {
      const states = await statesOf(spec);
      const links = routeEvents(spec).map((event) => ({
        to: String(event.to),
        params: event.params as Record<string, unknown>,
      }));
      let direct = 0;
      let compared = 0;
      for (const here of states) {
        for (const base of ['/', '/app/']) {
          for (const { to, params } of links) {
            const byUrl = appAt(spec, here, base);
            const link = byUrl.sync.hrefFor(to, params);
            byUrl.sync.navigate(byUrl.sync.toAppUrl(link));
            const byEvent = appAt(spec, here, base);
            byEvent.sync.follow(to, params);
            const where = `from ${here.url} (base ${base}), <Link to="${to}" params=${JSON.stringify(params)}> (${link})`;
            expect(byEvent.outcome(), where).toEqual(byUrl.outcome());
            compared++;
          }
        }
        // The locations it sends from, where it needs no URL, are the ones the URL names.
        const shown = createControlledActor(spec.machine, createControls(spec.machine, spec.outcomes ?? {}), {
          ...spec,
          snapshot: here.snapshot,
        });
        const snapshot = shown.getSnapshot() as AnyMachineSnapshot;
        for (const { to, params } of links) {
          const locations = linkLocations(spec.table, snapshot, to, params);
          if (!locations) continue;
          direct++;
          expect(locations, `from ${here.url}, ${to} ${JSON.stringify(params)}`).toEqual(
            resolveUrl(spec.table, hrefFor(spec.table, snapshot, to, params)),
          );
        }
      }
      expect(compared).toBeGreaterThan(0);
      // The direct path is what links take, not a fallback that never runs.
      expect(direct).toBeGreaterThan(0);
    },
  );
});
