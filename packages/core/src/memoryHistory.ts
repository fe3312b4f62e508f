import type { History, HistoryLocation, HistoryUpdate } from './history';

export interface MemoryHistoryOptions {
  /** The entries the history starts with (app URLs: path, search and hash). Default: `['/']`. */
  initialEntries?: string[];
  /** Which of them is shown first. Default: the last. */
  initialIndex?: number;
}

/**
 * A `History` kept in memory, for tests and for anything that runs without a browser: give it to
 * `createRouterSync` (or `createApp`'s `history`) and drive it as a person drives the browser's
 * (`push` for a link, `go(-1)` for Back). Like a browser's, `go` stops at the first and last
 * entries; `index` counts where it is, so the router steps back by the distance asked.
 */
export function createMemoryHistory(options: MemoryHistoryOptions = {}): History {
  let nextKey = 0;
  const entryAt = (url: string): HistoryLocation => {
    // Split as written, not resolved on an origin: a `//host/x` stays a path (the router shows it
    // as not found), as the browser's history keeps what the app pushed.
    const hashAt = url.indexOf('#');
    const hash = hashAt < 0 ? '' : url.slice(hashAt);
    const rest = hashAt < 0 ? url : url.slice(0, hashAt);
    const searchAt = rest.indexOf('?');
    const search = searchAt < 0 ? '' : rest.slice(searchAt);
    const pathname = (searchAt < 0 ? rest : rest.slice(0, searchAt)) || '/';
    return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash, key: `m${nextKey++}` };
  };
  const entries = (options.initialEntries?.length ? options.initialEntries : ['/']).map(entryAt);
  let index = Math.min(Math.max(options.initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(update: HistoryUpdate) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    get index() {
      return index;
    },
    push(url) {
      entries.splice(index + 1, entries.length, entryAt(url));
      index += 1;
    },
    replace(url) {
      entries[index] = entryAt(url);
    },
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      // Every listener hears the distance asked, as react-router's memory history reports it.
      for (const listener of [...listeners]) listener({ delta });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
