import { configure } from '@testing-library/react';
import { loadRouterMoves } from '@statechart/core/internal';

// The jsdom setup of this package's render tests (vitest.framework.config.ts, the dom-forms project).
// A form is rendered in an app (createApp): the router's moves are in before any test renders, so a
// link clicked is followed at once, as it is once the app's chunk is in.
await loadRouterMoves();

// jsdom has no layout: scrolling is a no-op here (real scrolling is tested in Chromium).
window.scrollTo = () => {};

// findBy*/waitFor give up after 1 s by default: a view's first render imports its module (Vite
// transforms it on first use), which took longer on a loaded 2-core machine. A passing wait
// returns as soon as its condition holds.
configure({ asyncUtilTimeout: 5000 });
