import { configure } from '@testing-library/react';

// The jsdom setup of this package's render tests (vitest.framework.config.ts, the dom-devtools
// project). findBy*/waitFor give up after 1 s by default: the inspector's first render (its panels,
// the diagram's layout) took longer on a loaded 2-core machine. A passing wait returns as soon as
// its condition holds.
configure({ asyncUtilTimeout: 5000 });
