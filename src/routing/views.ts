import type { ComponentType } from 'react';

/** A screen's view module: each `*.view.tsx` exports its component as `View`. */
export interface ViewModule {
  View: ComponentType;
}

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
  let component: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  let failed = false;
  return {
    load() {
      if (pending) return pending;
      const promise: Promise<ComponentType> = importer().then(
        (module) => {
          component = module.View;
          // React's use() reads a settled promise's status and value: a loaded view never suspends.
          Object.assign(promise, { status: 'fulfilled', value: component });
          return component;
        },
        (error: unknown) => {
          // Marked rejected, use() throws at once: the error boundary takes it, and no render
          // asks for the chunk again in a loop. The router calls retry() on the next navigation.
          Object.assign(promise, { status: 'rejected', reason: error });
          failed = true;
          throw error;
        },
      );
      pending = promise;
      return promise;
    },
    loaded: () => component,
    retry() {
      if (failed) [pending, failed] = [undefined, false];
    },
  };
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
