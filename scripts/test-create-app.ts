/**
 * `npm run test:create` (in .ci/run: a minute or two, too slow for `npm test`): a product outside
 * this repository, as a user makes one.
 *
 * 1. Packs every package (`npm pack`, what a registry would serve) into a temporary folder.
 * 2. Runs create-statechart-app from its tarball into a new folder outside the workspace, and
 *    points the product's @statechart/* dependencies at the tarballs.
 * 3. `npm install` there (the registry for everything else), then type-checks the product with its
 *    own tsconfig and with the settings of Vite's react-ts template (tsconfig.app.json: src only,
 *    `types: ["vite/client"]`, no @types/node), and once more without skipLibCheck, so that the
 *    framework's own declarations are checked too.
 * 4. Builds it with plain `npx vite build`, serves it with `npx vite preview`, and opens its first
 *    screen and its not-found screen in Chromium (screenshots in test-results/create-app).
 * 5. Runs the product's own `npm test`, and says how long it took (README: within 60 s on 2 cores).
 *
 * Each step says what failed and where; the folder is kept on failure (its path is printed).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { launch } from '@statechart/paths/chromium';
import { createProduct, packWorkspaces, pointAtTarballs, run as runIn, step as stepIn, took } from './outside/product';
import { recordTestTime } from './testTimes';

const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'create-statechart-app-'));
// The screenshots outlive the temporary folder: test-results/ is ignored by git.
const shots = join(root, 'test-results', 'create-app');
mkdirSync(shots, { recursive: true });
const tarballs = join(work, 'tarballs');
const product = join(work, 'my-app');

const step = <T>(name: string, body: () => T) => stepIn(name, product, body);
const run = (command: string, args: string[], cwd = product) => runIn(command, args, cwd);

step('npm pack every package', () => packWorkspaces(root, tarballs));
step('create-statechart-app my-app (from its tarball)', () => console.log(createProduct(tarballs, product, work)));
step('point @statechart/* at the tarballs', () => pointAtTarballs(product, tarballs));

step('npm install', () => run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline']));

step('tsc with the product own tsconfig', () => run('npx', ['tsc', '--noEmit', '-p', '.']));

// Vite's react-ts template (create-vite 7, tsconfig.app.json), as a product that started there has it.
const reactTs = {
  target: 'ES2022',
  useDefineForClassFields: true,
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  module: 'ESNext',
  types: ['vite/client'],
  skipLibCheck: true,
  moduleResolution: 'bundler',
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: 'force',
  noEmit: true,
  jsx: 'react-jsx',
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
};
step("tsc with Vite's react-ts settings (src, no @types/node)", () => {
  writeFileSync(
    join(product, 'tsconfig.react-ts.json'),
    JSON.stringify({ compilerOptions: reactTs, include: ['src'] }, null, 2),
  );
  run('npx', ['tsc', '-p', 'tsconfig.react-ts.json']);
});
step("tsc with Vite's react-ts settings and the framework's declarations checked (skipLibCheck off)", () => {
  writeFileSync(
    join(product, 'tsconfig.libcheck.json'),
    JSON.stringify({ compilerOptions: { ...reactTs, skipLibCheck: false }, include: ['src'] }, null, 2),
  );
  const output = (() => {
    try {
      return run('npx', ['tsc', '-p', 'tsconfig.libcheck.json']);
    } catch (error) {
      return String((error as { stdout?: string }).stdout ?? error);
    }
  })();
  // Only the framework's declarations are ours to answer for; other libraries' are theirs.
  const ours = output.split('\n').filter((line) => line.includes('node_modules/@statechart/'));
  if (ours.length) throw new Error(`the framework's declarations do not type-check:\n${ours.join('\n')}`);
});

step('npx vite build (no config loader flag)', () => run('npx', ['vite', 'build']));

await (async () => {
  const start = performance.now();
  console.log('\n▶ npx vite preview, then the first and the not-found screens in Chromium');
  // Vite's own bin under Node, not `npx vite`: killing npx would leave its child serving, and this
  // process waiting on its pipes after everything passed.
  const preview = spawn(
    process.execPath,
    [join(product, 'node_modules/vite/bin/vite.js'), 'preview', '--port', '0', '--host', '127.0.0.1'],
    { cwd: product, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stripVTControlCharacters(seen))?.[0];
        if (url) resolve(url);
      };
      preview.stdout.on('data', onData);
      preview.stderr.on('data', onData);
      preview.on('exit', (code) => reject(new Error(`vite preview exited (${code}) before serving:\n${seen}`)));
    });
    const { strings } = (await import(join(product, 'machines/strings.ts'))) as {
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
        await page.screenshot({ path: join(shots, shot) });
        console.log(`  ${path}: "${heading}" shown (${join(shots, shot)})`);
      }
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    } finally {
      await browser.close();
    }
  } finally {
    preview.kill();
    preview.stdout.destroy();
    preview.stderr.destroy();
    took.push(`preview and Chromium: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
})();

const testStart = performance.now();
const testLoad = loadavg()[0] ?? 0;
const testOutput = step("the product's own npm test", () => run('npm', ['test']));
// What it ran, as Vitest sums it up: a product whose tests ran nothing has not passed.
const summary = testOutput
  .split('\n')
  .filter((line) => /^\s*(Test Files|Tests)\s/.test(stripVTControlCharacters(line)));
console.log(summary.join('\n'));
if (!summary.some((line) => /\d+ passed/.test(line)))
  throw new Error(`the product's npm test ran no test:\n${testOutput}`);
const testSeconds = (performance.now() - testStart) / 1000;
recordTestTime("a new product's npm test", { seconds: testSeconds, passed: true }, testLoad);

console.log(`\nA product made by create-statechart-app works outside the repository.\n${took.join('\n')}`);
console.log(`The product's npm test: ${testSeconds.toFixed(1)} s`);
rmSync(work, { recursive: true, force: true });
// Nothing is left to wait for: a handle some library keeps (tsx's esbuild service) must not hold CI.
process.exit(0);
