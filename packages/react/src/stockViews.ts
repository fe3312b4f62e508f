import { viewsFromGlob, type ViewModule, type ViewRegistry } from './views';

/**
 * The not-found and error views in the framework's own words (stockStrings), each in its own
 * chunk: for an app that has not written its own (the examples, the framework's tests).
 */
export const stockViews = (): ViewRegistry =>
  viewsFromGlob(import.meta.glob<ViewModule>('./stock/{notFound,error}.view.tsx'));
