import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { storedRecord, type StorageProblem } from '../src/storedRecord';
import { fakeOrigin } from './fakeOrigin';

/** A Storage in memory that can be made full or disabled. */
function memoryStorage(options: { full?: boolean } = {}): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => {
      if (options.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

function setup(storage: () => Storage, version = 2) {
  const problems: StorageProblem[] = [];
  const record = storedRecord({
    key: 'draft',
    version,
    schema: v.object({ name: v.string() }),
    storage,
    report: (problem) => problems.push(problem),
    maxBytes: 200,
  });
  return { record, problems };
}

describe('a stored record (packages/forms/src/storedRecord.ts)', () => {
  it('gives back what was saved, and nothing after clear', () => {
    const store = memoryStorage();
    const { record, problems } = setup(() => store);
    record.save({ name: 'kept' });
    expect(record.load()).toEqual({ name: 'kept' });
    record.clear();
    expect(record.load()).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('drops and reports a record of another version', () => {
    const store = memoryStorage();
    setup(() => store, 1).record.save({ name: 'old' });
    const { record, problems } = setup(() => store, 2);
    expect(record.load()).toBeUndefined();
    expect(problems).toEqual(['old-version']);
    expect(store.getItem('draft')).toBeNull();
  });

  it('leaves a record of a newer version in place, reported as newer (a newer app reads it), never as old', () => {
    const store = memoryStorage();
    setup(() => store, 4).record.save({ name: 'newer' });
    const written = store.getItem('draft');
    const { record, problems } = setup(() => store, 3);
    expect(record.load()).toBeUndefined();
    expect(problems).toEqual(['newer-version']);
    expect(store.getItem('draft'), 'the newer app’s record, untouched').toBe(written);
  });

  it('drops and reports bad JSON, a bad envelope and data the schema refuses', () => {
    for (const raw of ['{not json', '"a string"', JSON.stringify({ version: 2, savedAt: 'x', data: { name: 3 } })]) {
      const store = memoryStorage();
      store.setItem('draft', raw);
      const { record, problems } = setup(() => store);
      expect(record.load()).toBeUndefined();
      expect(problems).toEqual(['corrupt']);
      expect(store.getItem('draft')).toBeNull();
    }
  });

  it('reports storage that is disabled or full, without throwing', () => {
    const disabled = setup(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(disabled.record.load()).toBeUndefined();
    expect(() => disabled.record.save({ name: 'x' })).not.toThrow();
    expect(disabled.problems).toEqual(['unavailable', 'unavailable']);

    const full = setup(() => memoryStorage({ full: true }));
    expect(() => full.record.save({ name: 'x' })).not.toThrow();
    expect(full.problems).toEqual(['full']);
  });

  it('does not write a record larger than its limit', () => {
    const store = memoryStorage();
    const { record, problems } = setup(() => store);
    record.save({ name: 'x'.repeat(500) });
    expect(store.getItem('draft')).toBeNull();
    expect(problems).toEqual(['too-large']);
  });

  it("hears another tab's change of its key in its storage area, not its own writes, and stops when told", () => {
    const origin = fakeOrigin();
    const [a, b] = [origin.tab(), origin.tab()];
    const record = (tab: typeof a) =>
      storedRecord({ key: 'draft', version: 1, schema: v.string(), storage: () => tab.local, events: tab.events });
    let heard = 0;
    const stop = record(b).watch(() => void (heard += 1));
    record(b).save('from b');
    record(a).save('from a');
    a.local.setItem('other', 'x');
    b.events.dispatchEvent(Object.assign(new Event('storage'), { key: 'draft', storageArea: b.session }));
    origin.deliver();
    expect(heard).toBe(1);
    stop();
    record(a).clear();
    origin.deliver();
    expect(heard).toBe(1);
  });
});
