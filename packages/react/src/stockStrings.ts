/**
 * The framework's own words: what the shell and the stock screens (not found, error) say when an
 * app gives no words of its own. A product passes its own catalogue to `createApp({ strings })`
 * and writes its own not-found and error views (usually `<NotFoundScreen words={…} />`); the
 * examples and the framework's tests use these.
 */
export const stockStrings = {
  productName: 'Product name',
  skipLink: 'Skip to main content',
  navLabel: 'Main',
  menu: 'Menu',
  footer: 'The purpose and content of this product are not yet specified.',
  loading: 'Loading…',
  viewFailed: 'This screen failed to show. Reload the page to try again.',
  navigatedTo: (title: string) => `${title}, page loaded`,
  notFound: {
    title: 'Page not found',
    heading: 'Page not found',
    body: 'Nothing is here at this address:',
    home: 'Go to the home page',
  },
  error: {
    title: 'Something went wrong',
    heading: 'Something went wrong',
    body: 'This screen failed to show. The rest of the application still works.',
    home: 'Go to the home page',
  },
} as const;
