import * as v from 'valibot';

/**
 * One value kept in Web Storage as a versioned, validated record: `{ version, savedAt, data }`.
 * Reading never throws: storage disabled (private mode, a blocked origin), an old version, bad
 * JSON or data the schema refuses is dropped and reported, and the caller starts empty; a newer
 * version is reported and left in place. Writing
 * never throws either: storage full or disabled is reported and the app carries on in memory.
 */
export interface StoredRecord<T> {
  load(): T | undefined;
  /** True when the record was written (false: storage disabled or full, or the record too large). */
  save(data: T): boolean;
  clear(): void;
  /**
   * Calls `listener` each time another tab or window of the origin changes or removes this record
   * (the browser's `storage` event; a tab's own writes fire none in it). Returns the way to stop.
   */
  watch(listener: () => void): () => void;
}

/**
 * What went wrong with a stored record. `old-version` was written by an older version of the app
 * (dropped: this one cannot read it); `newer-version` by a newer one, still open in another tab
 * or loaded after a deploy (left as it is, for the app that can read it).
 */
export type StorageProblem = 'unavailable' | 'old-version' | 'newer-version' | 'corrupt' | 'full' | 'too-large';

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
  /** Where `storage` events arrive: `window` when there is one. */
  events?: EventTarget;
}

const envelope = v.object({ version: v.number(), savedAt: v.string(), data: v.unknown() });

/** Any Event the browser fires for storage has these; other events on the target are not ours. */
const isStorageEvent = (event: Event): event is StorageEvent => 'key' in event && 'storageArea' in event;

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
      if (record.output.version > version) {
        // Not this app's to drop: a newer app (another tab, the next load) reads it.
        report('newer-version', key, record.output.version);
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
      if (!store) return false;
      const serialised = JSON.stringify({ version, savedAt: new Date().toISOString(), data });
      if (serialised.length > maxBytes) {
        report('too-large', key, serialised.length);
        return false;
      }
      try {
        store.setItem(key, serialised);
        return true;
      } catch (error) {
        // QuotaExceededError (storage full) or SecurityError (disabled after load).
        report('full', key, error);
        return false;
      }
    },
    clear() {
      const store = storage();
      if (store) drop(store);
    },
    watch(listener) {
      const target = options.events ?? (typeof window === 'undefined' ? undefined : window);
      if (!target) return () => {};
      const onStorage = (event: Event) => {
        // A null key is the whole storage cleared; another area (session or local) is not ours.
        if (!isStorageEvent(event) || (event.key !== null && event.key !== key)) return;
        if (event.storageArea !== null && event.storageArea !== storage()) return;
        listener();
      };
      target.addEventListener('storage', onStorage);
      return () => target.removeEventListener('storage', onStorage);
    },
  };
}
