/** The History API adapter, in a chunk of its own: loaded only without the Navigation API, as mountApp does. */
export { createBrowserHistory } from '@statechart/react';
