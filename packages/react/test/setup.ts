import { configure } from '@testing-library/react';
import { loadRouterMoves } from '@statechart/core/internal';
import { navigationEffectsLoaded } from '../src/Shell';

// jsdom has no layout: scrolling is a no-op here (real scrolling is tested in Chromium).
window.scrollTo = () => {};

// findBy*/waitFor give up after 1 s by default. A view's first render here imports its module
// (Vite transforms it on first use), and npm test runs two jobs at once on a shared 2-core machine:
// at load 11 that import alone has taken longer, and a path walk failed on it. A passing wait
// returns as soon as its condition holds, so a longer limit costs only a failing test's time.
configure({ asyncUtilTimeout: 5000 });

// The shell's focus and scroll effects come in a chunk of their own after the first render
// (packages/react/src/Shell.tsx); here they are in before any test renders, so that what a test sees does
// not depend on when the import settles. Chromium tests load them as the app does.
await navigationEffectsLoaded;
// The same for the router's moves (createDeferredRouterSync in createApp): a link clicked in a test
// is followed at once, as it is once the app's chunk is in.
await loadRouterMoves();
