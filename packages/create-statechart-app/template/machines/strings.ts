/**
 * Every user-facing string of the product, in one place so that it can be replaced wholesale once
 * the product's purpose, wording and language are specified. Nothing here is product content.
 */

export const strings = {
  productName: 'Product name',
  skipLink: 'Skip to main content',
  navLabel: 'Main',
  menu: 'Menu',
  footer: 'The purpose and content of this product are not yet specified.',
  loading: 'Loading…',
  viewFailed: 'This screen failed to show. Reload the page to try again.',
  navigatedTo: (title: string) => `${title}, page loaded`,
  home: {
    title: 'Home',
    nav: 'Home',
    heading: 'Welcome',
    body: 'This is the entry screen. Its content will be specified later.',
  },
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
