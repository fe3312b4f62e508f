/**
 * `npm run screenshots`: builds the product and the reference app, serves them with `vite preview`
 * and writes screenshots to docs/screenshots (desktop and phone width, light and dark).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/findChromium';

const shots: { app: 'production' | 'reference'; path: string; name: string }[] = [
  { app: 'production', path: '/', name: 'home' },
  { app: 'production', path: '/no/such/page', name: 'not-found' },
  { app: 'reference', path: '/section/2?overlay=open', name: 'reference-overlay' },
];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 740 } };

mkdirSync('docs/screenshots', { recursive: true });
const origins: Record<string, string> = {};
const servers = [];
for (const [mode, configFile] of [
  ['production', 'vite.config.ts'],
  ['reference', 'examples/reference/vite.config.ts'],
] as const) {
  await build({ configFile, configLoader: 'runner', logLevel: 'warn' });
  const server = await preview({
    configFile,
    configLoader: 'runner',
    logLevel: 'warn',
    preview: { port: 0, host: '127.0.0.1' },
  });
  servers.push(server);
  origins[mode] = new URL(server.resolvedUrls?.local[0] ?? '').origin;
}
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
for (const shot of shots) {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        reducedMotion: 'reduce',
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await page.goto(origins[shot.app] + shot.path);
      await page.locator('[data-screen-heading]').first().waitFor();
      const file = `docs/screenshots/${shot.name}-${device}-${colorScheme}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
}
await browser.close();
await Promise.all(servers.map((server) => server.close()));
