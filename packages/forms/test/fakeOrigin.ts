/**
 * One origin of a browser, in memory: a localStorage every tab shares, and a sessionStorage and
 * an event target per tab. A write to the shared storage queues a `storage` event for every other
 * tab (never the writer), with that tab's own storage object as `storageArea`, as browsers do;
 * `deliver()` fires what is queued (browsers fire them in a later task, never inside the write).
 */
export function fakeOrigin() {
  const local = new Map<string, string>();
  const queued: { target: EventTarget; event: Event }[] = [];
  const open: Tab[] = [];

  interface Tab {
    events: EventTarget;
    local: Storage;
    session: Storage;
    /** What the tab keeps across a reload (its sessionStorage). */
    sessionItems: Map<string, string>;
  }

  function storage(items: Map<string, string>, changed: (key: string | null) => void): Storage {
    return {
      get length() {
        return items.size;
      },
      clear: () => {
        items.clear();
        changed(null);
      },
      getItem: (key) => items.get(key) ?? null,
      key: (index) => [...items.keys()][index] ?? null,
      removeItem: (key) => {
        if (items.delete(key)) changed(key);
      },
      setItem: (key, value) => {
        items.set(key, value);
        changed(key);
      },
    };
  }

  /** A tab (a new one, or a reload of `from`: its sessionStorage carried over, the old page gone). */
  function tab(from?: Tab): Tab {
    if (from) open.splice(open.indexOf(from), 1);
    const sessionItems = new Map(from?.sessionItems);
    const opened: Tab = {
      events: new EventTarget(),
      local: storage(local, (key) => {
        for (const other of open) {
          if (other === opened) continue;
          const event = Object.assign(new Event('storage'), { key, storageArea: other.local });
          queued.push({ target: other.events, event });
        }
      }),
      session: storage(sessionItems, () => {}),
      sessionItems,
    };
    open.push(opened);
    return opened;
  }

  function deliver() {
    while (queued.length) {
      const next = queued.shift();
      next?.target.dispatchEvent(next.event);
    }
  }

  return { tab, deliver, local };
}
