/**
 * A product's `npm run preview` (its built app, as it ships), with its first and its not-found
 * screens opened in Chromium: each shown with no page error (screenshots in `shots`).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from '@statechart/paths/chromium';
import { npmServe, stopServer } from './devServer';

export async function checkPreview(product: string, shots: string, took: string[]): Promise<void> {
  const start = performance.now();
  console.log('\n▶ npm run preview, then the first and the not-found screens in Chromium');
  const server = npmServe(product, 'preview');
  try {
    const origin = await server.origin;
    const { strings } = (await import(
      `${pathToFileURL(join(product, 'machines/strings.ts')).href}?at=${Date.now()}`
    )) as {
      strings: { home: { heading: string }; notFound: { heading: string } };
    };
    const browser = await launch();
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      for (const [path, heading, shot] of [
        ['/', strings.home.heading, 'first.png'],
        ['/no/such/page', strings.notFound.heading, 'not-found.png'],
      ] as const) {
        await page.goto(origin + path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 15_000 });
        await page.screenshot({ path: join(shots, shot), animations: 'disabled' });
        console.log(`  ${path}: "${heading}" shown (${join(shots, shot)})`);
      }
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    } finally {
      await browser.close();
    }
  } finally {
    stopServer(server.child);
    took.push(`npm run preview and Chromium: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
}
