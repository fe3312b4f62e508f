// jsdom has no layout: scrolling is a no-op here (real scrolling is tested in Chromium).
window.scrollTo = () => {};
