/**
 * `npm run new:screen -- <id> <path> [--parent <id>]`: adds a screen to the product with obvious
 * placeholders — the state node (machines/appMachine.ts), its words (machines/strings.ts), its
 * view (src/views/<id>.view.tsx) and its path-test assertion (tests/paths/productPaths.ts).
 * tests/paths/placeholders.test.ts then fails, naming each placeholder, until it is filled in.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PLACEHOLDER } from '../machines/placeholder';

export interface NewScreen {
  id: string;
  path: string;
  parent?: string;
}

const todo = (what: string) => `'${PLACEHOLDER} ${what}'`;

export function parseArgs(args: string[]): NewScreen {
  const [id, path, ...rest] = args;
  const usage = 'usage: npm run new:screen -- <id> <path> [--parent <id>]';
  if (!id || path === undefined) throw new Error(usage);
  if (!/^[a-z][A-Za-z0-9]*$/.test(id)) throw new Error(`"${id}" is not a camelCase state id. ${usage}`);
  if (path.startsWith('/') && path !== '/') throw new Error(`path "${path}" is relative to its parent: drop the "/"`);
  const at = rest.indexOf('--parent');
  const parent = at >= 0 ? rest[at + 1] : undefined;
  if (at >= 0 && !parent) throw new Error(usage);
  return { id, path, parent };
}

/** The machine with the new state: at the root before notFound, or first under `parent`'s states. */
export function addState(source: string, { id, path, parent }: NewScreen): string {
  if (source.includes(`id: '${id}'`)) throw new Error(`machines/appMachine.ts already has a state #${id}`);
  const node = (indent: string) =>
    [
      `${indent}${id}: {`,
      `${indent}  id: '${id}',`,
      `${indent}  route: {},`,
      `${indent}  meta: { path: '${path}', title: strings.${id}.title, nav: strings.${id}.nav },`,
      `${indent}},`,
      '',
    ].join('\n');
  if (!parent) {
    const match = /\n( *)notFound: \{/.exec(source);
    if (!match) throw new Error('machines/appMachine.ts: no root state "notFound" to insert before');
    return source.slice(0, match.index + 1) + node(match[1] ?? '') + source.slice(match.index + 1);
  }
  const own = source.indexOf(`id: '${parent}'`);
  if (own < 0) throw new Error(`machines/appMachine.ts has no state #${parent}`);
  const states = /\n( *)states: \{\n/.exec(source.slice(own));
  const next = /\n *[A-Za-z]+: \{\n *id: '/.exec(source.slice(own));
  if (!states || (next && next.index < states.index)) {
    throw new Error(`#${parent} has no "states: {" block yet: add one (with an index child) first`);
  }
  const at = own + states.index + states[0].length;
  return source.slice(0, at) + node(`${states[1] ?? ''}  `) + source.slice(at);
}

/** The catalogue with the screen's words as placeholders, before the catalogue's end. */
export function addStrings(source: string, { id }: NewScreen): string {
  const end = source.lastIndexOf('} as const;');
  if (end < 0) throw new Error('machines/strings.ts: no "} as const;" at the end of the catalogue');
  const block = [
    `  ${id}: {`,
    `    title: ${todo(`the title of ${id}`)},`,
    `    nav: ${todo(`the navigation label of ${id} (or remove nav from its meta)`)},`,
    '  },',
    '',
  ].join('\n');
  return source.slice(0, end) + block + source.slice(end);
}

/** The product spec with a placeholder assertion for the screen. */
export function addAssertion(source: string, { id }: NewScreen): string {
  const match = /\n( *)assertions: \{\n/.exec(source);
  if (!match) throw new Error('tests/paths/productPaths.ts: no "assertions: {" block');
  const indent = `${match[1] ?? ''}  `;
  const line = `${indent}${id}: { heading: ${todo(`how a person sees #${id}: its heading`)}, title: strings.${id}.title },\n`;
  const at = match.index + match[0].length;
  return source.slice(0, at) + line + source.slice(at);
}

export function viewSource({ id }: NewScreen): string {
  return [
    "import { ScreenHeading } from '../shell/ScreenHeading';",
    '',
    "// The screen's own words load with its chunk, not with every page; its title and nav label are",
    "// in machines/strings.ts, because the machine's meta needs them.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  body: ${todo(`what ${id} shows`)},`,
    '};',
    '',
    'export function View() {',
    '  return (',
    '    <article className="screen">',
    '      <ScreenHeading>{words.heading}</ScreenHeading>',
    '      <p>{words.body}</p>',
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** Writes the four pieces under `root`. */
export function newScreen(root: string, screen: NewScreen): string[] {
  const file = (path: string) => resolve(root, path);
  const view = file(`src/views/${screen.id}.view.tsx`);
  if (existsSync(view)) throw new Error(`src/views/${screen.id}.view.tsx exists already`);
  const edits: [string, (source: string, screen: NewScreen) => string][] = [
    ['machines/appMachine.ts', addState],
    ['machines/strings.ts', addStrings],
    ['tests/paths/productPaths.ts', addAssertion],
  ];
  // Every edit is computed before any file is written: a refusal leaves the repository as it was.
  const written = edits.map(([path, edit]) => [path, edit(readFileSync(file(path), 'utf8'), screen)] as const);
  for (const [path, source] of written) writeFileSync(file(path), source);
  writeFileSync(view, viewSource(screen));
  return [...written.map(([path]) => path), `src/views/${screen.id}.view.tsx`];
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    const screen = parseArgs(process.argv.slice(2));
    for (const path of newScreen(process.cwd(), screen)) console.log(`wrote ${path}`);
    console.log(
      `\nNext: replace every "${PLACEHOLDER}" (npx vitest run --project paths tests/paths/placeholders.test.ts names them),\n` +
        'then npm run machine:export to redraw docs/machine.',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
