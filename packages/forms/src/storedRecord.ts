import * as v from 'valibot';

/**
 * One value kept in Web Storage as a versioned, validated record: `{ version, savedAt, data }`.
 * Reading never throws: storage disabled (private mode, a blocked origin), an old version, bad
 * JSON or data the schema refuses is dropped and reported, and the caller starts empty. Writing
 * never throws either: storage full or disabled is reported and the app carries on in memory.
 */
export interface StoredRecord<T> {
  load(): T | undefined;
  save(data: T): void;
  clear(): void;
}

export type StorageProblem = 'unavailable' | 'old-version' | 'corrupt' | 'full' | 'too-large';

export interface StoredRecordOptions<T> {
  key: string;
  version: number;
  schema: v.GenericSchema<unknown, T>;
  /** `() => localStorage` (survives a closed tab) or `() => sessionStorage` (this tab only). */
  storage: () => Storage;
  /** Called once per problem; the default warns in the console. */
  report?: (problem: StorageProblem, key: string, detail?: unknown) => void;
  /** Larger serialised records are not written (reported as too-large). */
  maxBytes?: number;
}

const envelope = v.object({ version: v.number(), savedAt: v.string(), data: v.unknown() });

const warn = (problem: StorageProblem, key: string, detail?: unknown) =>
  console.warn(`Stored "${key}": ${problem}; the app continues without it.`, detail ?? '');

export function storedRecord<T>(options: StoredRecordOptions<T>): StoredRecord<T> {
  const { key, version, schema, maxBytes = Infinity } = options;
  const report = options.report ?? warn;
  const storage = (): Storage | undefined => {
    try {
      return options.storage();
    } catch (error) {
      report('unavailable', key, error);
      return undefined;
    }
  };
  const drop = (store: Storage) => {
    try {
      store.removeItem(key);
    } catch {
      // Nothing more to do: reading it again drops it again.
    }
  };
  return {
    load() {
      const store = storage();
      if (!store) return undefined;
      let raw: string | null;
      try {
        raw = store.getItem(key);
      } catch (error) {
        report('unavailable', key, error);
        return undefined;
      }
      if (raw === null) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (error) {
        drop(store);
        report('corrupt', key, error);
        return undefined;
      }
      const record = v.safeParse(envelope, parsed);
      if (!record.success) {
        drop(store);
        report('corrupt', key, record.issues);
        return undefined;
      }
      if (record.output.version !== version) {
        drop(store);
        report('old-version', key, record.output.version);
        return undefined;
      }
      const data = v.safeParse(schema, record.output.data);
      if (!data.success) {
        drop(store);
        report('corrupt', key, data.issues);
        return undefined;
      }
      return data.output;
    },
    save(data) {
      const store = storage();
      if (!store) return;
      const serialised = JSON.stringify({ version, savedAt: new Date().toISOString(), data });
      if (serialised.length > maxBytes) {
        report('too-large', key, serialised.length);
        return;
      }
      try {
        store.setItem(key, serialised);
      } catch (error) {
        // QuotaExceededError (storage full) or SecurityError (disabled after load).
        report('full', key, error);
      }
    },
    clear() {
      const store = storage();
      if (store) drop(store);
    },
  };
}
