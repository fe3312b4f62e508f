/**
 * A generated product-shaped app, as source files, for the per-screen bundle cost: the product's
 * main.tsx, shell, routing and routed() with a machine of `count` screens written the way README's
 * "Adding a screen" writes one (a state node with an id, `route: {}`, a path and a title in meta;
 * one `<id>.view.tsx` with its heading and long wording). Written as source, not built in a loop,
 * so that each added screen costs what a hand-written one does.
 *
 * The screens follow generatedScreens() (every tenth takes an `int` param), with distinct
 * word-made ids, paths and titles: `s1`, `s2`… would compress far better than real names do.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generatedScreens } from '../../examples/generated/screenList';

const WORDS = (
  'amber basin cedar delta ember fable grove harbor iris juniper kestrel lantern meadow nickel orchard ' +
  'pebble quarry raven saffron timber umber velvet willow yarrow zephyr anchor bramble copper dune ' +
  'falcon glacier heron indigo jasper kelp linen marble nectar opal pillar quill ridge summit thistle'
).split(' ');

/** A deterministic pseudo-random sequence (mulberry32): the same app on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedScreenSource {
  id: string;
  path: string;
  title: string;
  hasParam: boolean;
  /** The view's long wording: must end up in the view's chunk, never in the initial JS. */
  body: string;
}

/** `count` screens besides home and not-found, each with distinct words. */
export function generatedScreenSources(count: number): GeneratedScreenSource[] {
  const next = random(count * 7919 + 13);
  const word = () => WORDS[Math.floor(next() * WORDS.length)] as string;
  const used = new Set<string>();
  return generatedScreens(count + 1)
    .slice(1)
    .map((screen, index) => {
      let pair: [string, string];
      do pair = [word(), word()];
      while (used.has(pair.join('-')));
      used.add(pair.join('-'));
      const id = `${pair[0]}${pair[1].charAt(0).toUpperCase()}${pair[1].slice(1)}${index}`;
      const title = `${pair[0].charAt(0).toUpperCase()}${pair[0].slice(1)} ${pair[1]} ${index}`;
      const sentence = () => `${Array.from({ length: 9 }, word).join(' ')}.`;
      return {
        id,
        path: `${pair.join('-')}-${index}${screen.param !== undefined ? '/:id' : ''}`,
        title,
        hasParam: screen.param !== undefined,
        body: `${title}: ${Array.from({ length: 5 }, sentence).join(' ')}`,
      };
    });
}

/**
 * Writes the app into `dir` (which must be inside the repository, so that its imports resolve):
 * index.html, main.tsx, strings.ts, appMachine.ts, titles.ts and views/<id>.view.tsx. Returns the screens.
 */
export function writeGeneratedApp(dir: string, root: string, count: number): GeneratedScreenSource[] {
  const screens = generatedScreenSources(count);
  mkdirSync(join(dir, 'views'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8" /><title>Generated</title></head>\n<body><div id="root"></div><script type="module" src="./main.tsx"></script></body>\n</html>\n`,
  );
  // The product's own entry, with this machine: the product's src/main.tsx minus the dev tools.
  writeFileSync(
    join(dir, 'main.tsx'),
    `import { strings } from './strings';
import { mountApp } from '@statechart/react';
import { viewsFromGlob, type ViewModule } from '@statechart/react';
import '@statechart/react/styles.css';
import { appMachine } from './appMachine';

const container = document.getElementById('root');
if (container) {
  void mountApp(container, {
    machine: appMachine,
    views: viewsFromGlob(import.meta.glob<ViewModule>('./views/*.view.tsx')),
    strings,
    base: import.meta.env.BASE_URL,
  });
}
`,
  );
  // Its own words, not machines/strings.ts: the product's catalogue grows with the product, and
  // this app is the foundation's yardstick, whose features must not change when the product grows.
  writeFileSync(
    join(dir, 'strings.ts'),
    `export const strings = {
  productName: 'Generated app',
  skipLink: 'Skip to main content',
  navLabel: 'Main',
  menu: 'Menu',
  footer: 'A generated app that measures the foundation.',
  loading: 'Loading…',
  viewFailed: 'This screen failed to show. Reload the page to try again.',
  navigatedTo: (title: string) => \`\${title}, page loaded\`,
  home: { title: 'Home', nav: 'Home' },
  notFound: { title: 'Page not found' },
} as const;
`,
  );
  writeFileSync(
    join(dir, 'titles.ts'),
    `export const titles = {\n${screens.map((screen) => `  ${screen.id}: ${JSON.stringify(screen.title)},`).join('\n')}\n};\n`,
  );
  const states = screens
    .map(
      (screen) =>
        `    ${screen.id}: {\n      id: '${screen.id}',\n      route: {},\n      meta: { path: '${screen.path}',${screen.hasParam ? ' params: { id: int },' : ''} title: titles.${screen.id} },\n    },`,
    )
    .join('\n');
  writeFileSync(
    join(dir, 'appMachine.ts'),
    `import { setup } from 'xstate';
import { routed } from '@statechart/core';
import { int, type RouteMeta, type RoutedContext } from '@statechart/core';
import { keepRouteTypes } from '@statechart/core';
import { strings } from './strings';
import { titles } from './titles';

export const appMachine = routed(
  keepRouteTypes(setup({ types: { context: {} as RoutedContext, meta: {} as RouteMeta } }).createMachine)({
    id: 'app',
    context: { params: {} },
    initial: 'home',
    states: {
    home: { id: 'home', route: {}, meta: { path: '/', title: strings.home.title, nav: strings.home.nav } },
${states}
    notFound: { id: 'notFound', route: {}, meta: { path: '*', title: strings.notFound.title } },
    },
  }),
);
`,
  );
  const view = (heading: string, body: string) =>
    `import { ScreenHeading } from '@statechart/react';

export function View() {
  return (
    <article className="screen">
      <ScreenHeading>${heading}</ScreenHeading>
      <p>${body}</p>
    </article>
  );
}
`;
  writeFileSync(join(dir, 'views/home.view.tsx'), view('Home', 'Home'));
  writeFileSync(join(dir, 'views/notFound.view.tsx'), view('Not found', 'Not found'));
  for (const screen of screens) {
    writeFileSync(join(dir, `views/${screen.id}.view.tsx`), view(screen.title, screen.body));
  }
  return screens;
}
