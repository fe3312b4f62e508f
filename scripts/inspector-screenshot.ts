/**
 * `npx tsx scripts/inspector-screenshot.ts`: serves the reference app with the Vite dev server
 * (the overlay exists in development only), opens the statechart overlay on an item screen after
 * a few navigations, and writes docs/screenshots/inspector-overlay.png.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

const server = await createServer({
  mode: 'reference',
  logLevel: 'warn',
  server: { port: 0, host: '127.0.0.1', hmr: false },
});
await server.listen();
const origin = new URL(server.resolvedUrls?.local[0] ?? '').origin;
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, reducedMotion: 'reduce' });
  await page.goto(`${origin}/section?q=red&inspect`);
  const dialog = page.getByRole('dialog');
  await dialog.locator('.sc-diagram').waitFor();
  await page.evaluate(() => {
    const app = (window as unknown as { __app: { sync: { navigate(url: string): void } } }).__app;
    app.sync.navigate('/section/2');
  });
  await dialog.getByRole('button', { name: 'Send item.showNotes' }).click();
  await dialog.locator('[data-state="reference.app.main.section.item.notes"][data-active]').waitFor();
  await page.mouse.move(0, 0);
  mkdirSync('docs/screenshots', { recursive: true });
  await page.screenshot({ path: 'docs/screenshots/inspector-overlay.png' });
  console.log('docs/screenshots/inspector-overlay.png');
} finally {
  await browser.close();
  await server.close();
}
