import { lazyView, type ViewRegistry } from './views';

/**
 * The not-found and error views in the framework's own words (stockStrings), each in its own
 * chunk: for an app that has not written its own (the examples, the framework's tests). Plain
 * dynamic imports, not `import.meta.glob`: this file ships built, and only an app's own files go
 * through Vite's glob transform.
 */
export const stockViews = (): ViewRegistry => ({
  notFound: lazyView(() => import('./stock/notFound.view')),
  error: lazyView(() => import('./stock/error.view')),
});
