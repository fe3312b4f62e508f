import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayCase, type RecordedCase, axeViolations } from '@statechart/paths/chromium';
import { chromiumFixture } from '../../../../scripts/browser-tests/fixture';
import { referenceMachine } from '../../../../examples/reference/referenceMachine';

/*
 * The overlay exists in development builds only, so these tests run the reference app on a Vite
 * dev server (what `npm run start:reference` serves), started here rather than in the shared
 * globalSetup, which builds what ships. A production build "with the dev tools kept" would test a
 * bundle nobody runs. One page at 1,440 × 900 drives the checks in order (a launch and a dev
 * server start are what cost here); each check leaves the page where the next one expects it.
 */
let server: ViteDevServer;
let origin: string;
let page: Page;
const problems: string[] = [];
const chromium = chromiumFixture({ context: { viewport: { width: 1440, height: 900 } } });
beforeAll(async () => {
  server = await createServer({
    configFile: 'examples/reference/vite.config.ts',
    logLevel: 'warn',
    server: { port: 0, host: '127.0.0.1', strictPort: false, hmr: false },
  });
  await server.listen();
  origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
  page = await (await chromium.context()).newPage();
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
});
afterAll(async () => {
  await server?.close();
});

const dialog = () => page.getByRole('dialog', { name: 'Statechart: reference' });
const state = (id: string) => page.locator(`[data-state="${id}"]`);
const isActive = (id: string) => state(id).evaluate((node) => node.hasAttribute('data-active'));
const activeStates = () =>
  page
    .locator('[data-state][data-active]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-state')));
const path = () => new URL(page.url()).pathname;
const machineNow = () =>
  page.evaluate(() => {
    const app = (window as unknown as { __app: { actor: { getSnapshot(): { value: unknown } } } }).__app;
    return { value: app.actor.getSnapshot().value, url: location.pathname + location.search };
  });
const navigate = (url: string) =>
  page.evaluate((to) => {
    const app = (window as unknown as { __app: { sync: { navigate(url: string): void } } }).__app;
    app.sync.navigate(to);
  }, url);
/** `k x y` of the diagram's view, as the frame publishes it. */
const view = async () => {
  const text = (await page.locator('.sc-inspector-diagram').getAttribute('data-view')) ?? '';
  const [k = NaN, x = NaN, y = NaN] = text.split(' ').map(Number);
  return { k, x, y };
};

async function expectNoAxeViolations() {
  expect(await axeViolations(page, { include: '[data-inspector]' })).toEqual([]);
}

async function openByShortcut() {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.keyboard.press('Alt+Shift+KeyI');
  await dialog().locator('.sc-diagram').waitFor({ timeout: 20_000 });
}

describe('the statechart overlay on the reference app at 1,440 × 900 (dev server)', () => {
  it('opens with Alt+Shift+I, highlights the active states and has no axe violations', async () => {
    await page.goto(`${origin}/section/2`);
    await openByShortcut();
    expect(await isActive('sectionItem')).toBe(true);
    expect(await isActive('reference.app.main.section.item.details')).toBe(true);
    expect(await isActive('sectionList')).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await expectNoAxeViolations();
    // Laid out off the main thread: elkjs's worker build was fetched (StrictMode's double effect
    // may start, and stop, a first worker).
    const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(resources.filter((name) => name.includes('elk-worker')).length).toBeGreaterThan(0);
  });

  it('sits beside the app: every header link is the element under its own centre, and clicking one navigates', async () => {
    // The app keeps ~790 px beside the overlay: the reference app's seven entries may be behind
    // its header's menu there (they fit only just, or not, by the fonts' widths).
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) await menu.click();
    const links = page.getByRole('banner').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(1);
    const overlay = await dialog().boundingBox();
    for (let index = 0; index < count; index++) {
      const link = links.nth(index);
      const covered = await link.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return top === element || element.contains(top) ? null : (top?.outerHTML.slice(0, 80) ?? 'nothing');
      });
      expect(covered, `header link ${await link.textContent()} is covered by ${covered}`).toBeNull();
      const box = await link.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), 'a header link reaches under the overlay').toBeLessThanOrEqual(
        overlay?.x ?? 0,
      );
    }
    await page.getByRole('banner').getByRole('link', { name: 'Section' }).click();
    await expect.poll(path).toBe('/section');
    await expect.poll(() => isActive('sectionList')).toBe(true);
  });

  it('shows the active state’s label at least 11 px tall, inside the diagram’s frame, on opening and after Fit', async () => {
    const title = state('sectionList').locator('.sc-title');
    const expectReadable = async (when: string) => {
      const box = await title.boundingBox();
      const frame = await page.locator('.sc-inspector-diagram').boundingBox();
      expect(box?.height ?? 0, `${when}: the label is too small to read`).toBeGreaterThanOrEqual(11);
      expect(
        box && frame && box.y >= frame.y && box.y + box.height <= frame.y + frame.height,
        `${when}: the label is off-screen`,
      ).toBe(true);
      expect(box && frame && box.x >= frame.x && box.x < frame.x + frame.width).toBe(true);
    };
    await expectReadable('on opening');
    // The whole reference machine fits this frame only at about a third of actual size: Fit shows
    // the active state's neighbourhood instead, at the smallest readable scale (11/12).
    const opened = await view();
    await dialog().getByRole('button', { name: 'Fit', exact: true }).click();
    await expect.poll(view).not.toEqual(opened);
    expect((await view()).k).toBeCloseTo(11 / 12, 3);
    await expectReadable('after Fit');
  });

  it('zooms with the wheel, a pinch and +, -, 0, and pans with the arrows and a drag', async () => {
    const frame = page.locator('.sc-inspector-diagram');
    const start = await view();
    const box = await frame.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 100, (box?.y ?? 0) + 100);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => (await view()).k).toBeGreaterThan(start.k);
    // A trackpad pinch arrives as ctrl+wheel: zooms out here, the page itself is not zoomed.
    const wheeled = await view();
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 40);
    await page.keyboard.up('Control');
    await expect.poll(async () => (await view()).k).toBeLessThan(wheeled.k);
    expect(await page.evaluate(() => window.visualViewport?.scale ?? 1)).toBe(1);
    await frame.focus();
    const zoomed = await view();
    await page.keyboard.press('-');
    await expect.poll(async () => (await view()).k).toBeLessThan(zoomed.k);
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => (await view()).k).toBeGreaterThan(zoomed.k);
    await page.keyboard.press('0');
    await expect.poll(async () => (await view()).k).toBe(1);
    const before = await view();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await view()).x).toBeLessThan(before.x);
    // Drag pans too.
    const now = await view();
    await page.mouse.move((box?.x ?? 0) + 20, (box?.y ?? 0) + 300);
    await page.mouse.down();
    await page.mouse.move((box?.x ?? 0) + 120, (box?.y ?? 0) + 340, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await view()).x).toBeGreaterThan(now.x);
  });

  it('shows the reference context in the context panel, every top-level key with its value', async () => {
    const context = await page.evaluate(() => {
      const app = (window as unknown as { __app: { actor: { getSnapshot(): { context: object } } } }).__app;
      return app.actor.getSnapshot().context as Record<string, unknown>;
    });
    const panel = dialog().getByRole('list', { name: 'Context' });
    for (const [key, value] of Object.entries(context)) {
      const item = panel.locator(`:scope > li[data-path="${key}"]`);
      await expect.poll(() => item.count(), { message: `context key ${key} is not in the panel` }).toBe(1);
      if (typeof value !== 'object' || value === null) {
        expect(await item.textContent()).toContain(JSON.stringify(value) ?? 'undefined');
      }
    }
  });

  it('follows navigation live, Back included, and marks the screen’s route', async () => {
    await navigate('/section/3');
    await expect.poll(() => isActive('sectionItem')).toBe(true);
    await expect.poll(() => dialog().locator('.sc-route-panel').textContent()).toContain('/section/3');
    expect(await dialog().locator('.sc-route-panel').textContent()).toContain('{"id":3}');
    await page.goBack();
    await expect.poll(() => isActive('sectionList')).toBe(true);
    expect(await isActive('sectionItem')).toBe(false);
    expect(path()).toBe('/section');
  });

  it('leaves the focus in the inspector when a route it sends changes the screen (title and announcement still follow)', async () => {
    const all = dialog().getByRole('button', { name: /^Show all \d+ enabled transitions$/ });
    if (await all.count()) await all.click();
    await dialog().getByRole('button', { name: 'xstate.route #editor', exact: true }).click();
    await page.getByRole('heading', { name: 'Editor', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Editor/);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog.sc-inspector')))).toBe(true);
    await navigate('/section/2');
    await expect.poll(() => isActive('reference.app.main.section.item.details')).toBe(true);
  });

  it('keeps the focus in the inspector when a route button drawn in the diagram changes the screen, so Escape still closes it', async () => {
    await navigate('/section/2');
    await expect.poll(() => isActive('reference.app.main.section.item.details')).toBe(true);
    const route = state('editor').locator('.sc-route[role="button"]');
    await route.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Editor', level: 1 }).waitFor();
    const focusIn = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('dialog.sc-inspector') ? 'inspector' : `${active?.tagName} ${active?.textContent}`;
      });
    // The route's button goes once its state is entered: the focus stayed in the inspector, not on the heading.
    await expect
      .poll(focusIn, { message: 'after the diagram’s #editor route, the focus should be in the inspector' })
      .toBe('inspector');
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+Shift+KeyI');
    await dialog().locator('.sc-diagram').waitFor({ timeout: 20_000 });
  });

  it('sends an enabled transition’s event on click and from the keyboard', async () => {
    await navigate('/section/2');
    await expect.poll(() => isActive('reference.app.main.section.item.details')).toBe(true);
    await dialog().getByRole('button', { name: 'Send item.showNotes' }).click();
    await expect.poll(() => isActive('reference.app.main.section.item.notes')).toBe(true);
    await page.getByText('Notes tab').waitFor();
    expect(await dialog().getByRole('button', { name: 'Send item.showNotes' }).count()).toBe(0);
    await dialog().getByRole('button', { name: 'Send item.showDetails' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isActive('reference.app.main.section.item.details')).toBe(true);
    await page.getByText('Details tab').waitFor();
  });

  it('shows an older moment when its log entry is selected, with what the event did, and leaves the app alone', async () => {
    const thenActive = await activeStates();
    await dialog().getByRole('button', { name: 'Send item.showNotes' }).click();
    await expect.poll(() => isActive('reference.app.main.section.item.notes')).toBe(true);
    const app = await machineNow();
    // The entry before the newest: item.showDetails, after which `thenActive` was shown.
    const older = dialog().locator('.sc-log-entry').nth(1);
    expect(await older.textContent()).toContain('item.showDetails');
    await older.click();
    await dialog().locator('.sc-moment-past').waitFor();
    await expect.poll(activeStates).toEqual(thenActive);
    expect(await state('reference.app.main.section.item.details').getAttribute('data-step')).toBe('entered');
    expect(await state('reference.app.main.section.item.notes').getAttribute('data-step')).toBe('exited');
    expect(await dialog().locator('.sc-step').textContent()).toMatch(/Exited:.*item\.notes/);
    expect(await machineNow()).toEqual(app);
    await page.getByText('Notes tab').waitFor();
    await expectNoAxeViolations(); // the past: banner, marks, the step in words
    await dialog().getByRole('button', { name: 'Live', exact: true }).click();
    await expect.poll(() => isActive('reference.app.main.section.item.notes')).toBe(true);
    expect(await dialog().locator('.sc-moment-past').count()).toBe(0);
  });

  it('copies the exploration as a test case that replays green at machine level', async () => {
    await dialog().getByRole('button', { name: 'Copy as test', exact: true }).click();
    const text = await dialog().getByRole('textbox', { name: 'Copied test case' }).inputValue();
    const recorded = JSON.parse(text) as RecordedCase;
    expect(recorded.steps.length).toBeGreaterThanOrEqual(5);
    expect(recorded.steps.at(-1)?.url).toBe(new URL(page.url()).pathname);
    const snapshot = replayCase(referenceMachine, recorded);
    expect(snapshot.value).toEqual((await machineNow()).value);
  });

  it('offers a typing event with its sample from the path spec (record.change), and sends it with that payload', async () => {
    await navigate('/records/new');
    await page.getByRole('heading', { name: 'New record', level: 1 }).waitFor();
    // The path spec's sample (examples/reference/paths.ts): without it the guard refuses `{}` and
    // there is no button, only the JSON field to type the payload in by hand.
    const change = dialog()
      .locator('.sc-inspector-enabled li')
      .filter({ has: page.getByRole('button', { name: /^record\.change\b/ }) });
    await expect.poll(() => change.count(), { timeout: 10_000 }).toBe(1);
    expect(await change.textContent()).toContain('with {"field":"name","value":"A name"}');
    await change.getByRole('button').click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('A name');
    // Discarded: the form is clean again, and leaving is no longer refused.
    await dialog()
      .locator('.sc-inspector-enabled')
      .getByRole('button', { name: /^record\.discard\b/ })
      .click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Name/ }).inputValue()).toBe('');
    await navigate('/section');
    await expect.poll(path).toBe('/section');
  });

  it('resizes from the keyboard, and remembers the size after a reload', async () => {
    const width = async () => (await dialog().boundingBox())?.width ?? 0;
    const before = await width();
    await dialog().getByRole('separator', { name: 'Resize the statechart inspector' }).focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(width).toBe(before + 80);
    const padding = await page.evaluate(() => document.documentElement.style.paddingRight);
    expect(padding).toBe(`${before + 80}px`);
    await page.goto(`${origin}/section?inspect`);
    await dialog().locator('.sc-diagram').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).search, 'the router drops ?inspect').toBe('');
    expect(await width()).toBe(before + 80);
  });

  it('docks to the bottom on a narrow window, the app above it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await dialog().boundingBox())?.width).toBe(390);
    const box = await dialog().boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(844);
    expect(await page.evaluate(() => document.documentElement.style.paddingBottom)).toBe(`${box?.height}px`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('collapses to a bar on a phone, leaving the app its height, and expands again', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await dialog().boundingBox())?.width).toBe(390);
    const docked = (await dialog().boundingBox())?.height ?? 0;
    await dialog().getByRole('button', { name: 'Collapse', exact: true }).click();
    const bar = async () => (await dialog().boundingBox())?.height ?? 0;
    await expect.poll(bar).toBeLessThan(64);
    const box = await dialog().boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(844);
    // The page is padded by the bar alone: the app has the rest of the window.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.paddingBottom))
      .toBe(`${Math.ceil(box?.height ?? 0)}px`);
    expect(await dialog().getByRole('button', { name: 'Expand', exact: true }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(await dialog().locator('.sc-diagram').isVisible()).toBe(false);
    await expectNoAxeViolations();
    await dialog().getByRole('button', { name: 'Expand', exact: true }).click();
    await expect.poll(bar).toBe(docked);
    expect(await page.evaluate(() => document.documentElement.style.paddingBottom)).toBe(`${docked}px`);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('closes with Escape, gives the focus back and unpads the page', async () => {
    // The shortcut toggles: closed, then opened again from a focused app link.
    await page.keyboard.press('Alt+Shift+KeyI');
    await dialog().waitFor({ state: 'detached' });
    // A link of the screen: beside the overlay widened above, the header's entries are behind its menu.
    await page.getByRole('main').getByRole('link', { name: 'Item 1', exact: true }).focus();
    await page.keyboard.press('Alt+Shift+KeyI');
    await dialog().locator('.sc-diagram').waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Item 1');
    expect(await page.evaluate(() => document.documentElement.style.paddingRight)).toBe('');
    expect(problems).toEqual([]);
  });

  it('draws and follows invoked and spawned actors (a machine of its own, overlaid in the same page)', async () => {
    const fixture = `/@fs${fileURLToPath(new URL('../actorsPage.ts', import.meta.url))}`;
    // A string, not a function: Vitest would rewrite a dynamic import() inside a function for Node.
    await page.evaluate(
      `import(${JSON.stringify(fixture)}).then((m) => { window.__actors = m.openActorsInspector(); })`,
    );
    const overlay = page.getByRole('dialog', { name: 'Statechart: actors' });
    await overlay.locator('.sc-diagram').waitFor({ timeout: 20_000 });
    const lines = (id: string) => overlay.locator(`[data-state="${id}"] > .sc-invoke`).allTextContents();
    expect(await lines('actors')).toEqual(['⊕ child (spawned on entry)']);
    expect(await lines('actors.running')).toEqual(['⚙ child (stopped on exit)', '⊕ child (spawned on spawn.action)']);
    const send = (type: string) =>
      page.evaluate(
        (event) => (window as unknown as { __actors: { send(type: string): void } }).__actors.send(event),
        type,
      );
    const actorText = (id: string) => overlay.locator(`[data-actor="${id}"]`).first().textContent();
    await send('spawn.assign');
    await send('poke.assigned');
    await overlay.locator('[data-actor="assigned0"]', { hasText: '"busy"' }).waitFor({ timeout: 5_000 });
    expect(await actorText('assigned0')).toMatch(/assigned0 \(spawned, src child\) active in "busy"/);
    expect(await actorText('onEntry')).toMatch(/onEntry \(spawned, src child\) active in "idle"/);
    expect(await actorText('invokedChild')).toMatch(/invokedChild \(invoked, src child\) active in "idle"/);
    await send('stop');
    await overlay.locator('[data-actor="invokedChild"]').waitFor({ state: 'detached', timeout: 5_000 });
    await page.evaluate(() => (window as unknown as { __actors: { close(): void } }).__actors.close());
    await overlay.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});

describe('the production builds', () => {
  // The reference app as the harness built it (the product's build is checked by the product's own
  // tests, tests/browser/product.test.ts: a framework test never reads the product's files).
  const bundles = ['examples/reference/dist'].flatMap((dir) =>
    readdirSync(join(dir, 'assets'))
      .filter((file) => file.endsWith('.js') || file.endsWith('.css'))
      .map((file) => join(dir, 'assets', file)),
  );

  it('contain none of the inspector’s code', () => {
    expect(bundles.length).toBeGreaterThan(0);
    for (const file of bundles) {
      const code = readFileSync(file, 'utf8');
      for (const marker of [
        'startDevTools',
        'sc-inspector',
        'Statechart: ',
        'elk.algorithm',
        'statelyai',
        'KeyI',
        'Copy as test',
        'elk-worker',
      ]) {
        expect(code.includes(marker), `${file} contains "${marker}"`).toBe(false);
      }
    }
  });
});
