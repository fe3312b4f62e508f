/**
 * What a refused link, Back or Forward says when the screen says nothing itself (the machine's
 * words replace the body when it gives some). Apart, so that the shell's first chunk has only these.
 */
export const stockRefusalWords = {
  heading: 'You are still on this screen',
  body: 'This screen cannot be left yet: finish or undo what you started here, then try again.',
} as const;

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
  refused: stockRefusalWords,
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
