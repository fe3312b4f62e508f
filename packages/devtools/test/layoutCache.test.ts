import { describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { machineGraph } from '../src/graph';
import type { ElkLayouter } from '../src/layout';

function memoryStorage(from?: Map<string, string>) {
  const items = new Map(from);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

/** ELK on the calling thread, counting its layouts. */
async function countingElk() {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const counter: ElkLayouter & { calls: number } = {
    calls: 0,
    layout: (graph) => {
      counter.calls++;
      return elk.layout(graph);
    },
  };
  return counter;
}

/** The cache stores a layout in a task after answering. */
const stored = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The cache module as a new page loads it: nothing in memory. */
async function freshPage() {
  vi.resetModules();
  return import('../src/layoutCache');
}

const machine = (id: string, target: string) =>
  createMachine({ id, initial: 'a', states: { a: { on: { go: target } }, b: {}, c: {} } });

describe('the layout cache', () => {
  it('lays a definition out once, then answers from memory', { timeout: 30_000 }, async () => {
    const { cachedLayout, LAYOUT_STORAGE_PREFIX } = await freshPage();
    const elk = await countingElk();
    const storage = memoryStorage();
    const graph = machineGraph(machine('once', 'b'));
    const first = await cachedLayout(graph, { elk }, storage);
    expect(await cachedLayout(machineGraph(machine('once', 'b')), { elk }, storage)).toEqual(first);
    expect(elk.calls, 'the second call should not lay out').toBe(1);
    await stored();
    expect([...storage.items.keys()]).toEqual([`${LAYOUT_STORAGE_PREFIX}once:grouped`]);
  });

  it('answers a new page from storage without laying out', { timeout: 30_000 }, async () => {
    const elk = await countingElk();
    const first = await freshPage();
    const storage = memoryStorage();
    const scene = await first.cachedLayout(machineGraph(machine('reload', 'b')), { elk }, storage);
    await stored();
    const second = await freshPage();
    const again = await second.cachedLayout(
      machineGraph(machine('reload', 'b')),
      { elk },
      memoryStorage(storage.items),
    );
    expect(elk.calls, 'the reloaded page should read the stored layout').toBe(1);
    expect(again).toEqual(scene);
  });

  it(
    'lays the machine out again when its definition changes, keeping one entry per machine',
    { timeout: 30_000 },
    async () => {
      const { cachedLayout } = await freshPage();
      const elk = await countingElk();
      const storage = memoryStorage();
      const before = await cachedLayout(machineGraph(machine('edited', 'b')), { elk }, storage);
      await stored();
      const after = await cachedLayout(machineGraph(machine('edited', 'c')), { elk }, storage);
      await stored();
      expect(elk.calls).toBe(2);
      expect(before.edges[0]?.transition.targets).toEqual(['edited.b']);
      expect(after.edges[0]?.transition.targets).toEqual(['edited.c']);
      expect(storage.items.size).toBe(1);
      // A stored layout of another definition is not used: the edit shows.
      const reloaded = await (await freshPage()).cachedLayout(machineGraph(machine('edited', 'b')), { elk }, storage);
      expect(elk.calls).toBe(3);
      expect(reloaded.edges[0]?.transition.targets).toEqual(['edited.b']);
    },
  );

  it('works without storage (disabled, or full)', { timeout: 30_000 }, async () => {
    const { cachedLayout } = await freshPage();
    const elk = await countingElk();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const scene = await cachedLayout(machineGraph(machine('full', 'b')), { elk }, full);
    expect(scene.states.length).toBe(4);
    expect((await cachedLayout(machineGraph(machine('none', 'b')), { elk }, null)).states.length).toBe(4);
  });
});
