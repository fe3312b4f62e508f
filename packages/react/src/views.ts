import type { ComponentType } from 'react';

/** A screen's view module: each `*.view.tsx` exports its component as `View`. */
export interface ViewModule {
  View: ComponentType;
}

/** Marks the Suspense fallback of a view whose chunk is loading: the shell's focus waits for it. */
export const VIEW_PENDING = 'data-view-pending';

/** A view loaded on first use, in its own chunk. */
export interface LazyView {
  /**
   * Starts loading (once); resolves when the component can render without suspending. A failed
   * load stays failed (a render throws its error, and the error state shows) until `retry()`.
   */
  load(): Promise<ComponentType>;
  /** The component, once loaded. */
  loaded(): ComponentType | undefined;
  /** Forgets a failed load, so that the next `load()` fetches the chunk again. */
  retry(): void;
}

/** Views by state id. */
export type ViewRegistry = Record<string, LazyView>;

export function lazyView(importer: () => Promise<ViewModule>): LazyView {
  return new Lazy(importer);
}

/**
 * A class, not an object of closures: an app has one per screen, and methods on the prototype
 * keep each one to a single small object (three closures and their context each cost ~4× as much:
 * ~0.5 MB of heap for 1,000 screens, measured with `process.memoryUsage()` after `gc()`).
 */
class Lazy implements LazyView {
  // Declared only (no class fields): each instance gets what load() assigns, and the first load
  // keeps no field initialisers.
  declare private readonly importer: () => Promise<ViewModule>;
  declare private pending: Promise<ComponentType> | undefined;
  declare private failed: boolean | undefined;
  declare private component: ComponentType | undefined;
  constructor(importer: () => Promise<ViewModule>) {
    this.importer = importer;
  }

  load(): Promise<ComponentType> {
    if (this.pending) return this.pending;
    const promise: Promise<ComponentType> = (this.pending = this.importer().then(
      ({ View }) => {
        // React's use() reads a settled promise's status and value: a loaded view never suspends.
        Object.assign(promise, { status: 'fulfilled', value: (this.component = View) });
        return View;
      },
      (error: unknown) => {
        // Marked rejected, use() throws at once: the error boundary takes it, and no render
        // asks for the chunk again in a loop. The router calls retry() on the next navigation.
        Object.assign(promise, { status: 'rejected', reason: error });
        this.failed = true;
        throw error;
      },
    ));
    return promise;
  }

  loaded(): ComponentType | undefined {
    return this.component;
  }

  retry(): void {
    if (this.failed) this.pending = this.failed = undefined;
  }
}

/**
 * `import.meta.glob('./views/*.view.tsx')` → views by state id: `notFound.view.tsx` is the view of
 * the state whose id is `notFound`. Vite puts each file in its own chunk.
 */
export function viewsFromGlob(modules: Record<string, () => Promise<ViewModule>>): ViewRegistry {
  const views: ViewRegistry = {};
  for (const [file, importer] of Object.entries(modules)) {
    const id = /([^/]+)\.view\.tsx$/.exec(file)?.[1];
    if (id) views[id] = lazyView(importer);
  }
  return views;
}
