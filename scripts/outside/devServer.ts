/**
 * A product's `npm start`, as a person lives it in its first minute: the first screen with no page
 * error, `?inspect` with the statechart laid out, an edit to a view shown without a reload (Vite's
 * HMR), and `/__control/` (the calls-by-hand page) answering. Throws with what was expected, what
 * was found and where. Screenshots go to `shots`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { launch } from '@statechart/paths/chromium';

/**
 * Starts `npm start` or `npm run preview` in its own process group (npm, Vite and the API server
 * it starts), on a free port: `origin` resolves once Vite says where it serves.
 */
export function npmServe(
  product: string,
  script: 'start' | 'preview',
): { child: ChildProcess; origin: Promise<string>; output: () => string } {
  const child = spawn('npm', ['run', script, '--', '--port', '0', '--host', '127.0.0.1'], {
    cwd: product,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BROWSER: 'none' },
  });
  let seen = '';
  const origin = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const url = /Local:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(stripVTControlCharacters(seen))?.[1];
      if (url) resolve(url);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`npm run ${script} exited (${code}) before serving:\n${seen}`)));
  });
  return { child, origin, output: () => seen };
}

/** Stops a server started by npmServe, with every process it started. */
export function stopServer(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}

export async function checkDevServer(product: string, shots: string): Promise<void> {
  const { strings } = (await import(
    `${pathToFileURL(join(product, 'machines/strings.ts')).href}?at=${Date.now()}`
  )) as {
    strings: { home: { heading: string } };
  };
  const server = npmServe(product, 'start');
  const view = join(product, 'src/views/home.view.tsx');
  const original = readFileSync(view, 'utf8');
  try {
    const origin = await server.origin;
    const browser = await launch();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const connected = page.waitForEvent('console', {
        predicate: (message) => message.text().includes('[vite] connected'),
        timeout: 60_000,
      });
      const failIfErrors = (where: string) => {
        if (errors.length)
          throw new Error(
            `npm start: ${errors.length} page error(s) ${where}:\n${errors.join('\n')}\n${server.output()}`,
          );
      };

      await page.goto(origin);
      await page
        .getByRole('heading', { level: 1, name: strings.home.heading })
        .waitFor({ timeout: 60_000 })
        .catch((error: Error) => {
          throw new Error(
            `npm start: the first screen's heading "${strings.home.heading}" never showed at ${origin}/ (${error.message}).\nThe dev server said:\n${server.output()}\nPage errors: ${errors.join('; ') || 'none'}`,
          );
        });
      await page.screenshot({ path: join(shots, 'dev-first.png'), animations: 'disabled' });
      failIfErrors('on the first screen');
      console.log(`  npm start: "${strings.home.heading}" at ${origin}/, no page error`);

      // HMR: the page must not reload (a reload would drop this mark) and must show the edit. The
      // edit is written once Vite's client says it is connected; the server's file watcher may
      // still be starting under load (it missed a first write once), so an edit not shown is
      // written again, a few times, before this fails.
      await connected;
      await page.evaluate(() => Object.assign(window, { __statechartNotReloaded: true }));
      let shown = false;
      for (let attempt = 1; attempt <= 4 && !shown; attempt++) {
        const mark = `Edited while the dev server runs (${attempt})`;
        writeFileSync(view, original.replace('</article>', `  <p data-hmr-mark>${mark}</p>\n    </article>`));
        shown = await page
          .getByText(mark)
          .waitFor({ timeout: 10_000 })
          .then(() => true)
          .catch(() => false);
      }
      if (!shown) throw new Error(`npm start: an edit to ${view}, written 4 times, never showed in the page`);
      const kept = await page.evaluate(() => '__statechartNotReloaded' in window);
      if (!kept) throw new Error(`npm start: editing ${view} reloaded the page instead of updating it in place (HMR)`);
      console.log('  npm start: an edit to the home view showed without a reload (HMR)');
      writeFileSync(view, original);

      await page.goto(`${origin}/?inspect`);
      const diagram = page.getByRole('dialog').locator('.sc-diagram [data-state]').first();
      await diagram.waitFor({ timeout: 60_000 }).catch((error: Error) => {
        throw new Error(
          `npm start: ?inspect did not show the statechart laid out (no [data-state] in the inspector's diagram: ${error.message}).\nPage errors: ${errors.join('; ') || 'none'}\n${server.output()}`,
        );
      });
      await page.screenshot({ path: join(shots, 'dev-inspect.png'), animations: 'disabled' });
      failIfErrors('with ?inspect');
      console.log('  npm start: ?inspect shows the statechart laid out');

      const control = await page.goto(`${origin}/__control/`);
      if (!control?.ok())
        throw new Error(`npm start: /__control/ answered ${control?.status()} at ${control?.url()} (expected 200)`);
      console.log(`  npm start: /__control/ answers (${control.url()})`);
    } finally {
      await browser.close();
    }
  } finally {
    writeFileSync(view, original);
    stopServer(server.child);
  }
}
