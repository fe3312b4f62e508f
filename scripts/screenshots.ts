/**
 * `npm run screenshots` (about 2 minutes): the screens the reference app shows and the screens
 * the generators write, at 1,440 and 390 px wide, light and dark →
 * docs/screenshots/<app>-<screen>-<width>-<scheme>.png, plus the product's own home and
 * not-found screens (product-*.png). Each app is built as it ships and served by `vite preview`.
 * The generated app is the generators' copy test in small (packages/cli/test/newScreen.copy.test.ts):
 * a temporary copy of the repository with create-statechart-app's template as its product, every
 * `new:screen` variant run in it and its placeholders written.
 * `npm run screenshots -- NAME` takes only the screens whose file name contains NAME.
 * Look at every file it writes: docs/ui.md says what each shows.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { CHROMIUM_ARGS, ensureChromium } from '@statechart/paths/chromium';
import { startReferenceApiServer } from '../examples/reference/server/api';

interface Shot {
  app: 'reference' | 'generated' | 'product';
  name: string;
  url: string;
  /** Only at this width (a menu that only a phone shows). */
  width?: number;
  before?: (page: Page) => Promise<unknown>;
  act?: (page: Page) => Promise<unknown>;
}

const failWith = (status: number) => (page: Page, path: string) =>
  page.route(path, (route) => route.fulfill({ status, body: '{}', contentType: 'application/json' }));
/** Submits with the keyboard, as a keyboard user would: the focus then shows where it went. */
const submitByKeyboard = async (page: Page, button: string) => {
  await page.getByRole('button', { name: button }).focus();
  await page.keyboard.press('Enter');
  await page.locator('.error-summary:focus').waitFor();
};
const openMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Menu' }).focus();
  await page.keyboard.press('Enter');
  await page.locator('#site-nav-list').waitFor();
};

const shots: Shot[] = [
  { app: 'product', name: 'home', url: '/' },
  { app: 'product', name: 'not-found', url: '/no/such/page' },
  { app: 'reference', name: 'home', url: '/' },
  { app: 'reference', name: 'menu-open', url: '/section/3', width: 390, act: openMenu },
  { app: 'reference', name: 'section-item', url: '/section/3' },
  { app: 'reference', name: 'overlay', url: '/section/2?overlay=open' },
  {
    app: 'reference',
    name: 'records',
    url: '/records',
    act: (page) => page.getByTestId('records').waitFor(),
  },
  {
    app: 'reference',
    name: 'record-failed',
    url: '/records/2',
    before: (page) => failWith(500)(page, '**/api/records/2'),
    act: (page) => page.locator('.call-failed').waitFor(),
  },
  {
    app: 'reference',
    name: 'new-record-refused',
    url: '/records/new',
    act: async (page) => {
      await page.getByLabel('Quantity').fill('500');
      await submitByKeyboard(page, 'Save record');
    },
  },
  {
    app: 'reference',
    name: 'new-record-failed',
    url: '/records/new',
    before: (page) => failWith(500)(page, '**/api/records'),
    act: async (page) => {
      await page.getByLabel('Name', { exact: true }).fill('A name');
      await page.getByRole('button', { name: 'Save record' }).click();
      await page.getByRole('heading', { name: 'The record was not saved' }).waitFor();
    },
  },
  { app: 'reference', name: 'not-allowed', url: '/admin' },
  { app: 'reference', name: 'error', url: '/broken' },
  { app: 'generated', name: 'projects', url: '/projects' },
  { app: 'generated', name: 'project', url: '/projects/5' },
  {
    app: 'generated',
    name: 'settings',
    url: '/settings',
    act: (page) => page.getByRole('button', { name: 'Privacy' }).click(),
  },
  { app: 'generated', name: 'member', url: '/members/1', act: (page) => page.getByText('Member 1').last().waitFor() },
  {
    app: 'generated',
    name: 'member-failed',
    url: '/members/1',
    before: (page) => failWith(503)(page, '**/api/member/1'),
    act: (page) => page.locator('.call-failed').waitFor(),
  },
  {
    app: 'generated',
    name: 'new-project',
    url: '/projects/new',
    act: (page) => submitByKeyboard(page, 'Create project'),
  },
  { app: 'generated', name: 'not-allowed', url: '/admin' },
  { app: 'generated', name: 'report', url: '/reports/1' },
  { app: 'generated', name: 'menu-open', url: '/projects/5', width: 390, act: openMenu },
];
const widths = [1440, 390];
const only = process.argv[2];

/** The generators' screens: a copy of the repository with the scaffold as its product. */
function generatedApp(): string {
  const copy = mkdtempSync(join(tmpdir(), 'screenshots-'));
  const product = /^(machines|src|server|tests)\//;
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(file) && !product.test(file));
  for (const file of files) cpSync(file, join(copy, file), { recursive: true });
  for (const entry of ['machines', 'src', 'server', 'tests', 'index.html']) {
    cpSync(join('packages/create-statechart-app/dist/template', entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
  const wrote = new Set<string>();
  for (const args of [
    ['projects', 'projects'],
    ['project', ':projectId', '--parent', 'projects'],
    ['settings', 'settings', '--tabs', 'general,privacy'],
    ['member', 'members/:memberId', '--loads'],
    ['newProject', 'projects/new', '--form'],
    ['admin', 'admin', '--role', 'admin'],
    ['report', 'reports/:reportId', '--loads', '--tabs', 'summary,details'],
  ]) {
    const output = execFileSync('node_modules/.bin/statechart-new-screen', args, { cwd: copy, encoding: 'utf8' });
    for (const [, file] of output.matchAll(/^wrote (.+)$/gm)) wrote.add(file!);
  }
  // Placeholders as a person would write them: words, and `// TODO:` decisions made.
  for (const file of wrote) {
    const path = join(copy, file);
    const source = readFileSync(path, 'utf8')
      .replace(/^ *\/\/ TODO:.*\n/gm, '')
      .replace(/'TODO: ([^']*)'/g, (_, what: string) => `'${wordsFor(what).replace(/'/g, '’')}'`);
    writeFileSync(path, source);
  }
  return copy;
}

/** The words a person might write for each placeholder of the generated screens. */
const names: Record<string, string> = {
  projects: 'Projects',
  project: 'Project {projectId}',
  settings: 'Settings',
  member: 'Member {memberId}',
  newProject: 'New project',
  admin: 'Administration',
  report: 'Report {reportId}',
};
const words: Record<string, string> = {
  'a valid name for newProject': 'Apollo',
  'the label of its name field': 'Name',
  'the message for a name left empty': 'Enter a name.',
  'the message for a name the server says is taken': 'That name is taken: choose another.',
  'the message for another value the server refuses': 'The server refused this name.',
  'its submit button': 'Create project',
  'its discard button': 'Discard changes',
  'the heading once saved': 'Project created',
  'the button for another one': 'Create another',
  'the heading when saving failed': 'The project was not created',
  'the button that tries again': 'Try again',
  'the button back to the form': 'Back to the form',
  'the title of the screen a person without the role sees': 'Not allowed',
  'its heading': 'Not allowed',
  'why they see it, and what to do': 'Only administrators can open this page. Sign in as one to go on.',
  'the sign-in button': 'Sign in as administrator',
  'the link home when there is nothing to return to': 'Go to the home page',
  'the sign-out button on a screen only a role may see': 'Sign out',
};
function wordsFor(what: string): string {
  const known = words[what];
  if (known) return known;
  const id = (/(?:of|sees #|from) (\w+)/.exec(what) ?? /^what (\w+) shows/.exec(what))?.[1] ?? '';
  const name = names[id] ?? id;
  if (what.startsWith('the title of') || what.startsWith('the navigation label of')) return name;
  if (what.startsWith('the heading of') || what.startsWith('how a person sees')) return name.replace(/ \{\w+\}$/, '');
  if (what.startsWith('a sample answer of')) return 'Ada Lovelace';
  if (what.startsWith('the link away from')) return 'Go to the home page';
  const tab = /the (\w+) tab/.exec(what)?.[1];
  if (tab && what.startsWith('the label of')) return tab.replace(/^./, (first) => first.toUpperCase());
  if (tab) return `What the ${tab} tab shows.`;
  if (what.startsWith('what the tabs of')) return `${name.replace(/ \{\w+\}$/, '')} tabs`;
  return `What ${name.replace(/ \{\w+\}$/, '').toLowerCase()} shows.`;
}

async function serve(root: string, configFile: string): Promise<{ origin: string; server: PreviewServer }> {
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile, logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const server = await preview({
    root,
    configFile,
    logLevel: 'warn',
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
  });
  return { origin: new URL(server.resolvedUrls?.local[0] ?? '').origin, server };
}

mkdirSync('docs/screenshots', { recursive: true });
const wanted = shots.filter((shot) => !only || `${shot.app}-${shot.name}`.includes(only));
const api = await startReferenceApiServer();
process.env.REFERENCE_API_URL = api.url;
const copy = wanted.some((shot) => shot.app === 'generated') ? generatedApp() : undefined;
const servers: PreviewServer[] = [];
const origins: Partial<Record<Shot['app'], string>> = {};
for (const app of new Set(wanted.map((shot) => shot.app))) {
  const root = app === 'generated' ? copy! : app === 'reference' ? resolve('examples/reference') : resolve('.');
  const config = app === 'reference' ? resolve('examples/reference/vite.config.ts') : join(root, 'vite.config.ts');
  const { origin, server } = await serve(root, config);
  servers.push(server);
  origins[app] = origin;
}
const browser = await chromium.launch({ executablePath: ensureChromium(), headless: true, args: CHROMIUM_ARGS });
try {
  for (const shot of wanted) {
    for (const width of shot.width ? [shot.width] : widths) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          viewport: { width, height: width > 600 ? 900 : 844 },
          colorScheme,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await shot.before?.(page);
        await page.goto(origins[shot.app] + shot.url);
        await page.locator('[data-screen-heading]').first().waitFor();
        await shot.act?.(page);
        const file = `docs/screenshots/${shot.app}-${shot.name}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.close()));
  await api.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
}
