/**
 * `npx tsx scripts/primitives-screenshots.ts`: the UI primitives of packages/react/src/styles.css
 * (fields, selects, checkboxes, errors, buttons, notices, a failed call in a panel, a list with its
 * current item, pending and empty states) on one page, light and dark, at 320 px and desktop
 * width → docs/screenshots/primitives-*.png. No build: the page is the stylesheet plus the markup
 * the components (packages/forms, packages/calls) render.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';

const css = readFileSync('packages/react/src/styles.css', 'utf8');
const body = `
<main class="site-main"><article class="screen">
  <h1 class="screen-heading">UI primitives</h1>
  <div class="error-summary" tabindex="-1" role="alert" aria-labelledby="s">
    <h2 class="error-summary__title" id="s">There are problems with 2 fields</h2>
    <ul><li><a href="#a">Enter a name.</a></li><li><a href="#b">Enter a whole number from 1 to 99.</a></li></ul>
  </div>
  <div class="form__fields">
    <div class="field"><label class="field__label" for="t">Text field</label>
      <input class="input" id="t" value="Typed text"></div>
    <div class="field field--invalid"><label class="field__label" for="a">Invalid field</label>
      <p class="field__error" id="a-e">Enter a name.</p>
      <input class="input" id="a" aria-invalid="true" aria-describedby="a-e"></div>
    <div class="field"><label class="field__label" for="b">Short field with a hint</label>
      <p class="field__hint" id="b-h">A whole number from 1 to 99.</p>
      <input class="input input--short" id="b" aria-describedby="b-h" value="7"></div>
    <div class="field"><label class="field__label" for="c">Select</label>
      <select class="select" id="c"><option>First option</option></select></div>
    <div class="checkbox"><input type="checkbox" id="d" checked><label for="d">Checkbox</label></div>
    <div class="field"><label class="field__label" for="f">Focused field</label>
      <input class="input" id="f" value="Focus ring"></div>
  </div>
  <div class="actions">
    <button class="button" type="button">Primary</button>
    <button class="button button--secondary" type="button">Secondary</button>
    <button class="button" type="button" disabled>Disabled</button>
    <p class="pending pending--inline" role="status">Saving…</p>
  </div>
  <div class="notice notice--success" role="status" style="margin-top:1.5rem"><h2>Saved</h2></div>
  <div class="notice notice--error" role="alert"><h2>Not saved</h2><p>The call failed.</p></div>
  <ul class="item-list" aria-label="Items">
    <li><a href="#1">Item 1</a></li><li><a href="#2" aria-current="page">Item 2 (the one shown)</a></li><li><a href="#3">Item 3</a></li>
  </ul>
  <section class="panel" aria-label="Detail">
    <h2>Item 2</h2>
    <div class="call-failed" role="alert" aria-labelledby="cf" tabindex="-1">
      <h3 id="cf">Not loaded</h3><p>The server had a problem. Try again in a moment.</p>
      <button class="button" type="button">Try again</button>
    </div>
  </section>
  <p class="empty">Nothing here yet.</p>
</article></main>`;

mkdirSync('docs/screenshots', { recursive: true });
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
for (const [device, width] of [
  ['phone', 320],
  ['desktop', 1024],
] as const) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      colorScheme,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.setContent(`<!doctype html><html lang="en"><style>${css}</style><body><div id="root">${body}</div>`);
    await page.locator('#f').focus();
    await page.locator('.pending').waitFor();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.pending') as Element).opacity === '1');
    const file = `docs/screenshots/primitives-${device}-${colorScheme}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await context.close();
  }
}
await browser.close();
