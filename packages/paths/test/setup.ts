// The jsdom setup of this package's DOM-level tests (vitest.framework.config.ts, the paths-dom
// project, and the split run's, test/split/vitest.config.ts). jsdom has no layout: scrolling is a
// no-op here (real scrolling is tested in Chromium), instead of a "Not implemented" error in the
// output at every move the shell scrolls for. The DOM level waits on what it checks by itself.
window.scrollTo = () => {};
