import * as v from 'valibot';
import { storedRecord, type StorageProblem } from './storedRecord';

/** How a draft ended in the tab that ended it. */
export type DraftEnd = 'saved' | 'discarded';

/** The shared draft as another tab left it: its text, or how it ended there. */
export type DraftChange<T> = { kind: 'changed'; draft: T } | { kind: DraftEnd };

/**
 * One draft of a form for every tab of the origin (docs/persistence.md, "Drafts across tabs"):
 * kept in `storage` (localStorage: it survives a reload and a closed tab), each write stamped with
 * a revision. A tab remembers in `tabStorage` (sessionStorage: its own, kept across its reloads)
 * the revision its text is based on and, once it has typed, that text. It never writes over, nor
 * ends, a draft that changed in another tab since it took it: it keeps its text, and its
 * subscribers hear of the change, both when the `storage` event comes and when a write is refused.
 * Like `storedRecord`, nothing here throws.
 */
export interface SharedDraft<T> {
  /**
   * This tab's draft at start: its own text if it had typed some (across a reload, even one the
   * shared draft has lost since: the change is then the first thing subscribers hear), else the
   * shared draft. Call it once, before the rest.
   */
  load(): T | undefined;
  /** This tab's text, typed here: written as the shared draft unless that changed elsewhere since. */
  save(draft: T): void;
  /** The draft was saved or discarded here: ends the shared draft, unless it changed elsewhere since. */
  end(how: DraftEnd): void;
  /**
   * This tab takes the shared draft as it is now (it followed a change, or the person chose). If
   * the shared draft's text (`text`) is the text this tab typed, it stays this tab's own.
   */
  accept(): void;
  /**
   * Hears each change made in another tab that this tab has not taken; `own` says whether this tab
   * has typed text of its own since it last took the shared draft. Returns the way to stop.
   */
  subscribe(listener: (change: DraftChange<T>, own: boolean) => void): () => void;
}

export interface SharedDraftOptions<T> {
  key: string;
  version: number;
  schema: v.GenericSchema<unknown, T>;
  /** The shared draft: `() => localStorage`. */
  storage: () => Storage;
  /** What this tab took and typed: `() => sessionStorage`. */
  tabStorage: () => Storage;
  report?: (problem: StorageProblem, key: string, detail?: unknown) => void;
  maxBytes?: number;
  /** Where `storage` events arrive: `window` when there is one. */
  events?: EventTarget;
  /**
   * The part of a draft a person types (the whole draft unless given; a form's: `formDraftText`).
   * Another tab may take this tab's text and add to the draft only what goes with it (a form's
   * submit writes what its key sent): taking that back (`accept`) leaves the text this tab's own, so
   * the other tab's save or discard of it is still asked about, not followed.
   */
  text?: (draft: T) => unknown;
}

const newRevision = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** JSON with each object's keys in order: two drafts typed in another order are the same text. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );

export function sharedDraft<T>(options: SharedDraftOptions<T>): SharedDraft<T> {
  const { key, version, schema, report, maxBytes, events, text = (draft: T): unknown => draft } = options;
  const revision = v.string();
  // The shared entry: a draft, or how it ended (kept, so that other tabs can say which).
  const shared = storedRecord({
    key,
    version,
    schema: v.union([
      v.object({ revision, draft: schema }),
      v.object({ revision, ended: v.picklist(['saved', 'discarded'] as const) }),
    ]),
    storage: options.storage,
    report,
    maxBytes,
    events,
  });
  // This tab's: the revision its text is based on, and its own text once typed here.
  const tab = storedRecord({
    key,
    version,
    schema: v.object({ seen: v.nullable(revision), own: v.optional(schema) }),
    storage: options.tabStorage,
    report,
    maxBytes,
  });
  let seen: string | null = null;
  let own: T | undefined;
  let pending: DraftChange<T> | undefined;
  const listeners = new Set<(change: DraftChange<T>, own: boolean) => void>();
  let unwatch: (() => void) | undefined;

  type Entry = NonNullable<ReturnType<typeof shared.load>>;
  const change = (entry: Entry | undefined): DraftChange<T> =>
    entry === undefined
      ? { kind: 'discarded' }
      : 'draft' in entry
        ? { kind: 'changed', draft: entry.draft }
        : { kind: entry.ended };
  const remember = () => void tab.save({ seen, own });
  // The revision last told ('' for none): a `storage` event for a change a refused write told already says nothing new.
  let told: string | undefined;
  const tell = (entry: Entry | undefined) => {
    told = entry?.revision ?? '';
    for (const listener of [...listeners]) listener(change(entry), own !== undefined);
  };
  /** The shared entry as it is now, and whether it changed elsewhere since this tab took it. */
  const now = () => {
    const entry = shared.load();
    return { entry, moved: (entry?.revision ?? null) !== seen };
  };

  return {
    load() {
      const mine = tab.load();
      seen = mine?.seen ?? null;
      own = mine?.own;
      const { entry, moved } = now();
      if (own !== undefined) {
        if (moved) pending = change(entry);
        return own;
      }
      seen = entry?.revision ?? null;
      remember();
      return entry && 'draft' in entry ? entry.draft : undefined;
    },
    save(draft) {
      const { entry, moved } = now();
      if (entry !== undefined && moved) {
        // Another tab's text (or its save or discard) is there: keep this tab's apart, and say so.
        own = draft;
        remember();
        tell(entry);
        return;
      }
      if (entry && 'draft' in entry && canonical(entry.draft) === canonical(draft)) return;
      const next = newRevision();
      if (shared.save({ revision: next, draft })) seen = next;
      own = draft;
      remember();
    },
    end(how) {
      own = undefined;
      const { entry, moved } = now();
      if (entry === undefined || !('draft' in entry)) {
        // Nothing to end, or ended already (elsewhere, or here).
        seen = entry?.revision ?? null;
      } else if (moved) {
        // Another tab's unsaved text: left as it is, and this tab hears of it.
        remember();
        tell(entry);
        return;
      } else {
        const next = newRevision();
        if (shared.save({ revision: next, ended: how })) seen = next;
      }
      remember();
    },
    accept() {
      const entry = shared.load();
      seen = entry?.revision ?? null;
      const typedHere =
        own !== undefined &&
        entry !== undefined &&
        'draft' in entry &&
        canonical(text(entry.draft)) === canonical(text(own));
      own = typedHere ? entry.draft : undefined;
      remember();
    },
    subscribe(listener) {
      listeners.add(listener);
      unwatch ??= shared.watch(() => {
        const { entry, moved } = now();
        if (moved && (entry?.revision ?? '') !== told) tell(entry);
      });
      if (pending) {
        const found = pending;
        pending = undefined;
        listener(found, own !== undefined);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unwatch?.();
          unwatch = undefined;
        }
      };
    },
  };
}
