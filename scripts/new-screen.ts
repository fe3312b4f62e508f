/**
 * `npm run new:screen -- <id> <path> [--parent <id>]`: adds a screen to the product with obvious
 * placeholders — the state node (machines/appMachine.ts), its words (machines/strings.ts), its
 * view (src/views/<id>.view.tsx) and its path-test assertion (tests/paths/productPaths.ts).
 * tests/paths/placeholders.test.ts then fails, naming each placeholder, until it is filled in.
 *
 * - `--parent <id>` nests it; a parent without child states gets a `states` block with an index
 *   child (`<parent>Index`, what the parent's URL shows), an `<Outlet />` in its view, and its
 *   assertion's title moved to the index child (the title is the child's while a child is shown).
 * - Each `:param` of the path gets a parser (`params: { name: int }`) and a sample in the path
 *   spec; a screen with a param gets no `nav` (a header entry cannot name a param).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PLACEHOLDER } from '../machines/placeholder';

export interface NewScreen {
  id: string;
  path: string;
  parent?: string;
  /** `--tabs a,b`: in-screen tabs, each a child state entered by a `<id>.show<Tab>` event. */
  tabs?: string[];
}

const cap = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** The event that shows a tab, and the id of its state. */
export const tabEvent = (id: string, tab: string) => `${id}.show${cap(tab)}`;
export const tabId = (id: string, tab: string) => `${id}${cap(tab)}`;

const todo = (what: string) => `'${PLACEHOLDER} ${what}'`;

/** The `:name` params of a path piece. */
export const paramsOf = (path: string) =>
  path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));

/** A screen with a param has no header entry: the header cannot say which one. */
const hasNav = ({ path }: NewScreen) => paramsOf(path).length === 0;

export function parseArgs(args: string[]): NewScreen {
  const [id, path, ...rest] = args;
  const usage = 'usage: npm run new:screen -- <id> <path> [--parent <id>] [--tabs <tab>,<tab>…]';
  if (!id || path === undefined) throw new Error(usage);
  if (!/^[a-z][A-Za-z0-9]*$/.test(id)) throw new Error(`"${id}" is not a camelCase state id. ${usage}`);
  if (path.startsWith('/') && path !== '/') throw new Error(`path "${path}" is relative to its parent: drop the "/"`);
  for (const name of paramsOf(path)) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`param ":${name}" is not a camelCase name. ${usage}`);
  }
  const at = rest.indexOf('--parent');
  const parent = at >= 0 ? rest[at + 1] : undefined;
  if (at >= 0 && !parent) throw new Error(usage);
  const tabsAt = rest.indexOf('--tabs');
  const tabs = tabsAt >= 0 ? (rest[tabsAt + 1] ?? '').split(',').filter(Boolean) : undefined;
  if (tabs && tabs.length < 2) throw new Error(`--tabs needs two tab names or more, comma-separated. ${usage}`);
  for (const tab of tabs ?? []) {
    if (!/^[a-z][A-Za-z0-9]*$/.test(tab)) throw new Error(`tab "${tab}" is not a camelCase name. ${usage}`);
  }
  return { id, path, ...(parent ? { parent } : {}), ...(tabs ? { tabs } : {}) };
}

/** The machine with the new state: at the root before notFound, or first under `parent`'s states. */
export function addState(source: string, screen: NewScreen): string {
  const { id, path, parent } = screen;
  if (source.includes(`id: '${id}'`)) throw new Error(`machines/appMachine.ts already has a state #${id}`);
  const params = paramsOf(path);
  const meta = [
    `path: '${path}'`,
    ...(params.length ? [`params: { ${params.map((name) => `${name}: int`).join(', ')} }`] : []),
    `title: strings.${id}.title`,
    ...(hasNav(screen) ? [`nav: strings.${id}.nav`] : []),
  ];
  const node = (indent: string) =>
    [
      `${indent}${id}: {`,
      `${indent}  id: '${id}',`,
      `${indent}  route: {},`,
      ...(params.length
        ? [`${indent}  // int: a whole number (another parser from machines/routeMeta.ts, or none for text).`]
        : []),
      `${indent}  meta: { ${meta.join(', ')} },`,
      ...(screen.tabs ? tabsBlock(screen, screen.tabs, `${indent}  `) : []),
      `${indent}},`,
      '',
    ].join('\n');
  const withEvents = screen.tabs
    ? addEvents(
        source,
        screen.tabs.map((tab) => tabEvent(id, tab)),
      )
    : source;
  const withParser = params.length ? importInt(withEvents) : withEvents;
  if (!parent) {
    const match = /\n( *)notFound: \{/.exec(withParser);
    if (!match) throw new Error('machines/appMachine.ts: no root state "notFound" to insert before');
    return withParser.slice(0, match.index + 1) + node(match[1] ?? '') + withParser.slice(match.index + 1);
  }
  const own = withParser.indexOf(`id: '${parent}'`);
  if (own < 0) throw new Error(`machines/appMachine.ts has no state #${parent}`);
  const states = /\n( *)states: \{\n/.exec(withParser.slice(own));
  const next = /\n *[A-Za-z]+: \{\n *id: '/.exec(withParser.slice(own));
  if (!states || (next && next.index < states.index)) return addStatesBlock(withParser, own, parent, node);
  const at = own + states.index + states[0].length;
  return withParser.slice(0, at) + node(`${states[1] ?? ''}  `) + withParser.slice(at);
}

/**
 * Tabs are in-screen states, not screens (no URL, title or focus change): one child per tab, the
 * first shown on entry, each shown by its event from any tab. Tagged with its id, so the view asks
 * `hasTag` wherever the screen sits in the machine.
 */
function tabsBlock({ id }: NewScreen, tabs: string[], indent: string): string[] {
  return [
    `${indent}initial: '${tabs[0]}',`,
    `${indent}on: {`,
    ...tabs.map((tab) => `${indent}  '${tabEvent(id, tab)}': '.${tab}',`),
    `${indent}},`,
    `${indent}states: {`,
    ...tabs.map((tab) => `${indent}  ${tab}: { id: '${tabId(id, tab)}', tags: '${tabId(id, tab)}' },`),
    `${indent}},`,
  ];
}

/** The machine's event union with the new event types. */
function addEvents(source: string, types: string[]): string {
  const union = /export type AppEvent =([^;]*);/.exec(source);
  if (!union) throw new Error('machines/appMachine.ts: no "export type AppEvent = …;" to add the events to');
  const added = types.map((type) => ` | { type: '${type}' }`).join('');
  return source.replace(union[0], `export type AppEvent =${union[1]}${added};`);
}

/**
 * A parent without child states gets them: an index child (what the parent's URL shows: its own
 * screen) first, so it stays the initial state, then the new child. Inserted at the end of the
 * parent's node, found by the indentation of its `id:` line.
 */
function addStatesBlock(source: string, own: number, parent: string, node: (indent: string) => string): string {
  const lineStart = source.lastIndexOf('\n', own) + 1;
  const indent = /^ */.exec(source.slice(lineStart))?.[0] ?? '';
  const close = new RegExp(`\\n${indent.slice(2)}\\},?\\n`).exec(source.slice(own));
  if (!close)
    throw new Error(
      `machines/appMachine.ts: cannot find where #${parent} ends (its "}," at ${indent.length - 2} spaces)`,
    );
  const at = own + close.index + 1;
  const block = [
    `${indent}initial: '${parent}Index',`,
    `${indent}states: {`,
    `${indent}  // What /${parent}'s URL shows: the parent's own screen, no child.`,
    `${indent}  ${parent}Index: { id: '${parent}Index' },`,
    node(`${indent}  `).replace(/\n$/, ''),
    `${indent}},`,
    '',
  ].join('\n');
  return source.slice(0, at) + block + source.slice(at);
}

/** Adds `int` to the import from './routeMeta' (or a new import) when it is not there. */
function importInt(source: string): string {
  const line = /import \{([^}]*)\} from '\.\/routeMeta';/.exec(source);
  if (line && /\bint\b/.test(line[1] ?? '')) return source;
  if (line) return source.replace(line[0], `import { int,${line[1]}} from './routeMeta';`);
  return `import { int } from './routeMeta';\n${source}`;
}

/** The catalogue with the screen's words as placeholders, before the catalogue's end. */
export function addStrings(source: string, screen: NewScreen): string {
  const { id, path } = screen;
  const end = source.lastIndexOf('} as const;');
  if (end < 0) throw new Error('machines/strings.ts: no "} as const;" at the end of the catalogue');
  const params = paramsOf(path).map((name) => `{${name}}`);
  const block = [
    `  ${id}: {`,
    `    title: ${todo(`the title of ${id}${params.length ? ` (${params.join(', ')} is replaced by the param)` : ''}`)},`,
    ...(hasNav(screen) ? [`    nav: ${todo(`the navigation label of ${id} (or remove nav from its meta)`)},`] : []),
    // Tab labels are here, not in the view: the path tests click them by name.
    ...(screen.tabs
      ? [
          `    tabsLabel: ${todo(`what the tabs of ${id} are, for screen readers`)},`,
          `    tabs: {`,
          ...screen.tabs.map((tab) => `      ${tab}: ${todo(`the label of the ${tab} tab`)},`),
          `    },`,
        ]
      : []),
    '  },',
    '',
  ].join('\n');
  return source.slice(0, end) + block + source.slice(end);
}

/**
 * The product spec with a placeholder assertion for the screen, a sample for each new param, and,
 * when the parent just got its child states, the parent's title moved to its index child: while a
 * child is shown the title is the child's, so a parent asserts only its heading.
 */
export function addAssertion(source: string, screen: NewScreen, parentGotStates = false): string {
  const { id, path, parent } = screen;
  const match = /\n( *)assertions: \{\n/.exec(source);
  if (!match) throw new Error('tests/paths/productPaths.ts: no "assertions: {" block');
  const indent = `${match[1] ?? ''}  `;
  // A title with {param}s is the catalogue's text with the params filled in, as the shell does.
  const title = paramsOf(path).length ? `(params) => interpolate(strings.${id}.title, params)` : `strings.${id}.title`;
  const lines = [
    `${indent}${id}: { heading: ${todo(`how a person sees #${id}: its heading`)}, title: ${title} },`,
    ...(screen.tabs ?? []).map((tab) => `${indent}${tabId(id, tab)}: { pressed: strings.${id}.tabs.${tab} },`),
  ];
  let result = source;
  if (paramsOf(path).length && !/import \{[^}]*\binterpolate\b[^}]*\} from '/.test(result)) {
    result = `import { interpolate } from '../../machines/wording';\n${result}`;
  }
  if (parent && parentGotStates) {
    const own = new RegExp(`(\\n *${parent}: \\{[^\\n]*?), title: ([^\\n]*?) \\},`).exec(result);
    if (own) {
      result = result.replace(own[0], `${own[1]} },`);
      lines.push(`${indent}${parent}Index: { title: ${own[2]} },`);
    } else {
      lines.push(`${indent}${parent}Index: { title: strings.${parent}.title },`);
    }
  }
  const block = /\n( *)assertions: \{\n/.exec(result) ?? match;
  const at = block.index + block[0].length;
  result = result.slice(0, at) + lines.map((line) => `${line}\n`).join('') + result.slice(at);
  for (const tab of screen.tabs ?? []) result = addTabEvent(result, id, tab);
  for (const name of paramsOf(path)) {
    const params = /\n( *)params: \{/.exec(result);
    if (!params) throw new Error('tests/paths/productPaths.ts: no "params: {" samples to add :' + name + ' to');
    const end = params.index + params[0].length;
    const has = new RegExp(`\\b${name}:`).test(result.slice(end, result.indexOf('}', end)));
    // A sample value the path tests put in the URL: any whole number the screen accepts.
    if (!has) result = `${result.slice(0, end)} ${name}: [5],${result.slice(end)}`;
  }
  return result;
}

/** A tab's event: a sample in `events`, and its executor, a click on the tab's button by its label. */
function addTabEvent(source: string, id: string, tab: string): string {
  const type = tabEvent(id, tab);
  const events = /\n( *)events: \[/.exec(source);
  const executors = /\n( *)executors: \{\n/.exec(source);
  if (!events || !executors)
    throw new Error('tests/paths/productPaths.ts: no "events: [" or "executors: {" to add ' + type + ' to');
  let result = source.replace(events[0], `${events[0]}{ type: '${type}' }, `);
  const at = (/\n( *)executors: \{\n/.exec(result)?.index ?? 0) + executors[0].length;
  const line = `${executors[1] ?? ''}  '${type}': () => ({ do: 'click', role: 'button', name: strings.${id}.tabs.${tab} }),\n`;
  result = result.slice(0, at) + line + result.slice(at);
  return result;
}

export function viewSource({ id, parent, tabs }: NewScreen): string {
  if (tabs) return tabsViewSource(id, tabs, parent);
  // A child shows inside its parent's view, under the parent's heading.
  const heading = parent ? '<ScreenHeading level={2}>' : '<ScreenHeading>';
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
    `      ${heading}{words.heading}</ScreenHeading>`,
    '      <p>{words.body}</p>',
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A view with its tabs: buttons in a labelled group, the shown one pressed (docs/ui.md, "Buttons and tabs"). */
function tabsViewSource(id: string, tabs: string[], parent?: string): string {
  const heading = parent ? '<ScreenHeading level={2}>' : '<ScreenHeading>';
  return [
    "import { strings } from '../../machines/strings';",
    "import { useMachineSelector, useSend } from '../appRouting';",
    "import { ScreenHeading } from '../shell/ScreenHeading';",
    '',
    "// The screen's own words load with its chunk; its title and tab labels are in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    ...tabs.map((tab) => `  ${tab}: ${todo(`what the ${tab} tab of ${id} shows`)},`),
    '};',
    '',
    'export function View() {',
    '  const send = useSend();',
    ...tabs.map((tab) => `  const ${tab}Shown = useMachineSelector((s) => s.hasTag('${tabId(id, tab)}'));`),
    '  return (',
    '    <article className="screen">',
    `      ${heading}{words.heading}</ScreenHeading>`,
    `      <div role="group" aria-label={strings.${id}.tabsLabel} className="actions">`,
    ...tabs.flatMap((tab) => [
      `        <button type="button" className="button" aria-pressed={${tab}Shown} onClick={() => send({ type: '${tabEvent(id, tab)}' })}>`,
      `          {strings.${id}.tabs.${tab}}`,
      '        </button>',
    ]),
    '      </div>',
    ...tabs.map((tab) => `      {${tab}Shown && <p>{words.${tab}}</p>}`),
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A parent's view with `<Outlet />` where its children show (after its generated body), or null when it has one. */
export function withOutlet(source: string): string | null {
  if (source.includes('<Outlet')) return null;
  const end = source.lastIndexOf('    </article>');
  if (end < 0) return null;
  const imported = `import { Outlet } from '../routing/react';\n${source}`;
  const at = end + imported.length - source.length;
  return `${imported.slice(0, at)}      <Outlet />\n${imported.slice(at)}`;
}

/** Writes the pieces under `root`; returns the files written and what is left to do by hand. */
export function newScreen(root: string, screen: NewScreen): { files: string[]; notes: string[] } {
  const file = (path: string) => resolve(root, path);
  const view = file(`src/views/${screen.id}.view.tsx`);
  if (existsSync(view)) throw new Error(`src/views/${screen.id}.view.tsx exists already`);
  const machine = readFileSync(file('machines/appMachine.ts'), 'utf8');
  const nextMachine = addState(machine, screen);
  const parentGotStates =
    Boolean(screen.parent) &&
    nextMachine.includes(`id: '${screen.parent}Index'`) &&
    !machine.includes(`id: '${screen.parent}Index'`);
  const written: (readonly [string, string])[] = [
    ['machines/appMachine.ts', nextMachine],
    ['machines/strings.ts', addStrings(readFileSync(file('machines/strings.ts'), 'utf8'), screen)],
    [
      'tests/paths/productPaths.ts',
      addAssertion(readFileSync(file('tests/paths/productPaths.ts'), 'utf8'), screen, parentGotStates),
    ],
  ];
  const notes: string[] = [];
  if (screen.parent) {
    const parentView = `src/views/${screen.parent}.view.tsx`;
    const outlet = existsSync(file(parentView)) ? withOutlet(readFileSync(file(parentView), 'utf8')) : null;
    if (outlet) written.push([parentView, outlet]);
    else if (!existsSync(file(parentView)) || !readFileSync(file(parentView), 'utf8').includes('<Outlet')) {
      notes.push(`${parentView}: render <Outlet /> (src/routing/react) where #${screen.id} shows`);
    }
  }
  // Every edit is computed before any file is written: a refusal leaves the repository as it was.
  for (const [path, source] of written) writeFileSync(file(path), source);
  writeFileSync(view, viewSource(screen));
  return { files: [...written.map(([path]) => path), `src/views/${screen.id}.view.tsx`], notes };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  try {
    const screen = parseArgs(process.argv.slice(2));
    const { files, notes } = newScreen(process.cwd(), screen);
    // Formatted as `npm run lint` wants them: a generator's output passes the gates as written.
    execFileSync(resolve('node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...files], {
      stdio: 'inherit',
    });
    for (const path of files) console.log(`wrote ${path}`);
    for (const note of notes) console.log(`to do: ${note}`);
    console.log(
      `\nNext: replace every "${PLACEHOLDER}" (npx vitest run --project paths tests/paths/placeholders.test.ts names them),\n` +
        'then npm run machine:export to redraw docs/machine.',
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
