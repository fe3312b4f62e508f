import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { storedRecord, type StorageProblem } from '../src/storedRecord';

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

describe('a stored record (src/persistence/storedRecord.ts)', () => {
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
});
