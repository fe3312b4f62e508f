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
 * - `--tabs a,b`: a child state per tab, its event, label, pressed assertion and click executor.
 * - `--loads`: docs/calls.md's recipe: loading / loaded / failed with Retry, the actor in setup,
 *   the call in src/api/calls.ts, its handler in server/handlers.ts, its outcomes in the spec.
 *   Decisions in code are `// TODO:` comments that tests/paths/placeholders.ts names by line.
 * - `--role <role>`: docs/access.md's recipe: the guard to #notAllowed (written once, with the
 *   roles from input, the session events and their buttons), and the spec's stateContext.
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
  /** `--loads`: the screen loads its data: loading / loaded / failed with Retry (docs/calls.md). */
  loads?: boolean;
  /** `--role <role>`: only a person with the role sees it; others land on #notAllowed (docs/access.md). */
  role?: string;
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
  const usage =
    'usage: npm run new:screen -- <id> <path> [--parent <id>] [--tabs <tab>,<tab>…] [--loads] [--role <role>]';
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
  const loads = rest.includes('--loads');
  // A loading screen's child states are its call's; tabs would be a second set beside them.
  if (loads && tabs) throw new Error(`--loads and --tabs cannot be combined: put the tabs in a child screen. ${usage}`);
  const roleAt = rest.indexOf('--role');
  const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
  if (roleAt >= 0 && !(role && /^[a-z][A-Za-z0-9]*$/.test(role)))
    throw new Error(`--role needs a camelCase role name. ${usage}`);
  return {
    id,
    path,
    ...(parent ? { parent } : {}),
    ...(tabs ? { tabs } : {}),
    ...(loads ? { loads } : {}),
    ...(role ? { role } : {}),
  };
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
      ...(screen.loads ? loadsBlock(screen, `${indent}  `) : []),
      ...(screen.role ? roleBlock(screen, screen.role, `${indent}  `) : []),
      `${indent}},`,
      '',
    ].join('\n');
  const withEvents = screen.tabs
    ? addEvents(
        source,
        screen.tabs.map((tab) => tabEvent(id, tab)),
      )
    : source;
  const withCall = screen.loads ? addCallToSetup(withEvents, screen) : withEvents;
  const withRole = screen.role ? addAccessToSetup(withCall, screen) : withCall;
  const withParser = params.length ? importInt(withRole) : withRole;
  if (!parent) {
    const match = /\n( *)notFound: \{/.exec(withParser);
    if (match && screen.role && !withParser.includes(`id: '${NOT_ALLOWED}'`)) {
      const both = (indent: string) => node(indent) + notAllowedNode(indent);
      return withParser.slice(0, match.index + 1) + both(match[1] ?? '') + withParser.slice(match.index + 1);
    }
    if (!match) throw new Error('machines/appMachine.ts: no root state "notFound" to insert before');
    return withParser.slice(0, match.index + 1) + node(match[1] ?? '') + withParser.slice(match.index + 1);
  }
  if (screen.role && !withParser.includes(`id: '${NOT_ALLOWED}'`))
    throw new Error(
      `--role with --parent: generate a top-level screen with --role first (it writes #${NOT_ALLOWED}), or write #${NOT_ALLOWED} yourself`,
    );
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

/** The names a loading screen's pieces share: its actor, data type, call, API path and states. */
export const callNames = (screen: NewScreen) => {
  const params = paramsOf(screen.path);
  return {
    actor: `load${cap(screen.id)}`,
    data: `${cap(screen.id)}Data`,
    call: `get${cap(screen.id)}`,
    // The API path is the screen's id and its params, not its URL: the URL is the app's, the API the server's.
    pattern: [`/api/${screen.id}`, ...params.map((name) => `:${name}`)].join('/'),
    path: [`/api/${screen.id}`, ...params.map((name) => `\${encodeURIComponent(${name})}`)].join('/'),
    input: params.length ? `{ ${params.map((name) => `${name}: number`).join('; ')} }` : 'void',
    params,
    state: (sub: 'Loading' | 'Loaded' | 'Failed') => `${screen.id}${sub}`,
  };
};

/**
 * The call's states (docs/calls.md): `loading` invokes the actor the app provides, `loaded` keeps
 * its answer in context under the screen's id, `failed` keeps the error and waits for Retry. Each
 * has an id (the path tests' assertions) and a tag (the view asks `hasTag` wherever it sits).
 */
function loadsBlock(screen: NewScreen, indent: string): string[] {
  const names = callNames(screen);
  const input = names.params.length
    ? [
        `${indent}      input: ({ context }) => ({ ${names.params.map((name) => `${name}: context.params.${name} ?? 0`).join(', ')} }),`,
      ]
    : [];
  const state = (sub: 'Loading' | 'Loaded' | 'Failed') => `id: '${names.state(sub)}', tags: '${names.state(sub)}'`;
  return [
    `${indent}initial: 'loading',`,
    `${indent}states: {`,
    `${indent}  loading: {`,
    `${indent}    ${state('Loading')},`,
    `${indent}    invoke: {`,
    `${indent}      id: '${names.actor}',`,
    `${indent}      src: '${names.actor}',`,
    ...input,
    `${indent}      onDone: { target: 'loaded', actions: assign({ ${screen.id}: ({ event }) => event.output }) },`,
    `${indent}      onError: { target: 'failed', actions: 'keepCallError' },`,
    `${indent}    },`,
    `${indent}  },`,
    `${indent}  loaded: { ${state('Loaded')} },`,
    `${indent}  failed: { ${state('Failed')}, on: { 'call.retry': 'loading' } },`,
    `${indent}},`,
  ];
}

/** Where a person without the role lands, one for the whole app (docs/access.md). */
export const NOT_ALLOWED = 'notAllowed';

/**
 * The guard (docs/access.md, step 2): without the role the screen sends itself to #notAllowed at
 * once, keeping where it was going as a route (never a URL); signing out here does the same.
 */
function roleBlock(screen: NewScreen, role: string, indent: string): string[] {
  return [
    `${indent}on: { 'session.signedOut': { actions: 'clearRoles' } },`,
    `${indent}always: {`,
    `${indent}  guard: not({ type: 'hasRole', params: { role: '${role}' } }),`,
    `${indent}  target: '#${NOT_ALLOWED}',`,
    `${indent}  actions: 'keep${cap(screen.id)}Target',`,
    `${indent}},`,
  ];
}

/** #notAllowed: signing in there sends the kept route again, so the target's own guards decide. */
function notAllowedNode(indent: string): string {
  return [
    `${indent}${NOT_ALLOWED}: {`,
    `${indent}  id: '${NOT_ALLOWED}',`,
    `${indent}  route: {},`,
    `${indent}  meta: { path: 'not-allowed', title: strings.${NOT_ALLOWED}.title },`,
    `${indent}  on: { 'session.signedIn': { guard: 'hasReturnTarget', actions: ['setRoles', 'returnToTarget'] } },`,
    `${indent}},`,
    '',
  ].join('\n');
}

/**
 * What a guarded screen needs in setup, once per app: the roles from the machine's input and in
 * context, where a refused route was going (`returnTo`), the session events, `hasRole`,
 * `hasReturnTarget`, and the actions that set and clear roles and route back; per screen, the
 * action that keeps its own route.
 */
function addAccessToSetup(source: string, screen: NewScreen): string {
  let result = ensureImport(source, ['assign', 'not', 'raise'], 'xstate');
  const first = !/\broles: readonly string\[\]/.test(result);
  if (first) {
    if (/\n( *)input: \{\} as /.test(result))
      throw new Error(
        'machines/appMachine.ts already declares an input: add roles to it and to the context by hand (docs/access.md)',
      );
    const types = contextType(result);
    const lineStart = result.lastIndexOf('\n', types.start) + 1;
    result =
      result.slice(0, lineStart) +
      [
        `${types.indent}// ${PLACEHOLDER} where the roles come from (the session: a cookie, a token), read in src/main.tsx and passed as input`,
        `${types.indent}input: {} as { roles?: readonly string[] } | void,`,
        `${types.indent}context: {} as ${types.type} & { roles: readonly string[]; returnTo?: { to: \`#\${string}\`; params: Record<string, unknown> } }`,
      ].join('\n') +
      result.slice(types.end);
    const context = /\n( *)context: \{ ([^\n]*) \},\n/.exec(result);
    if (!context)
      throw new Error(
        "machines/appMachine.ts: the machine's context is not a one-line object: add roles: input?.roles ?? [] to it by hand",
      );
    result = result.replace(
      context[0],
      `\n${context[1]}context: ({ input }) => ({ ${context[2]}, roles: input?.roles ?? [] }),\n`,
    );
    if (!/type: 'session\.signedIn'/.test(result))
      result = addEvents(result, ["{ type: 'session.signedIn'; roles: readonly string[] }", 'session.signedOut']);
    result = addToSetupBlock(
      result,
      'guards',
      'hasRole: ({ context }, params: { role: string }) => context.roles.includes(params.role),',
    );
    result = addToSetupBlock(result, 'guards', 'hasReturnTarget: ({ context }) => context.returnTo !== undefined,');
    result = addToSetupBlock(
      result,
      'actions',
      "setRoles: assign({ roles: ({ context, event }) => (event.type === 'session.signedIn' ? event.roles : context.roles) }),",
    );
    result = addToSetupBlock(result, 'actions', 'clearRoles: assign({ roles: [] }),');
    result = addToSetupBlock(
      result,
      'actions',
      `returnToTarget: raise(({ context }) => ({ type: 'xstate.route' as const, to: context.returnTo?.to ?? '#${NOT_ALLOWED}', params: context.returnTo?.params ?? {} })),`,
    );
  }
  return addToSetupBlock(
    result,
    'actions',
    `keep${cap(screen.id)}Target: assign({ returnTo: ({ context }) => ({ to: '#${screen.id}' as const, params: { ...context.params } }) }),`,
  );
}

/** Adds `names` to the import from `from`, or a new import line, leaving names already there. */
export function ensureImport(source: string, names: string[], from: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // At a line's start: doc comments show imports in their examples.
  const line = new RegExp(`^import \\{([^}]*)\\} from '${escaped}';`, 'm').exec(source);
  const bare = (name: string) => name.replace(/^type /, '');
  const has = (name: string) => new RegExp(`\\b${bare(name)}\\b`).test(line?.[1] ?? '');
  const missing = names.filter((name) => !has(name));
  if (!missing.length) return source;
  if (line)
    return source.replace(line[0], `import {${line[1]?.replace(/\s*$/, '')}, ${missing.join(', ')} } from '${from}';`);
  return `import { ${missing.join(', ')} } from '${from}';\n${source}`;
}

/**
 * What a loading screen needs in the machine's setup: the data type (a placeholder to write), the
 * answer and the error in the context type, each param typed in `RoutedContext` (the call's input
 * reads it), the actor named with its types (`callPlaceholder`: the app provides the real one),
 * `keepCallError`, and the `call.retry` event.
 */
function addCallToSetup(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  let result = ensureImport(source, ['assign'], 'xstate');
  result = ensureImport(result, ['callPlaceholder', 'toCallError', 'type CallError'], './calls');
  if (!/\{ type: 'call\.retry' \}/.test(result)) result = addEvents(result, ['call.retry']);
  const union = result.indexOf('export type AppEvent');
  result =
    result.slice(0, union) +
    [
      `/** What #${screen.id} loads: the answer of its call (src/api/calls.ts checks it, server/handlers.ts sends it). */`,
      `export interface ${names.data} {`,
      `  // ${PLACEHOLDER} the fields #${screen.id} loads (and the same in its schema in src/api/calls.ts)`,
      '  name: string;',
      '}',
      '',
      '',
    ].join('\n') +
    result.slice(union);
  const context = contextType(result);
  let type = context.type;
  for (const name of names.params) {
    const routed = /RoutedContext<\{ ([^}]*) \}>/.exec(type);
    if (routed && !new RegExp(`\\b${name}\\??:`).test(routed[1] ?? ''))
      type = type.replace(routed[0], `RoutedContext<{ ${routed[1]}; ${name}: number }>`);
  }
  const fields = [`${screen.id}?: ${names.data}`, ...(/\bcallError\?:/.test(result) ? [] : ['callError?: CallError'])];
  type = `${type} & { ${fields.join('; ')} }`;
  result = result.slice(0, context.start) + type + result.slice(context.end);
  const actor = `${names.actor}: callPlaceholder<${names.data}${names.params.length ? `, ${names.input}` : ''}>('${names.actor}'),`;
  const keep =
    "keepCallError: assign({ callError: ({ event }) => ('error' in event ? toCallError(event.error) : undefined) }),";
  result = addToSetupBlock(result, 'actors', actor);
  if (!result.includes('keepCallError:')) result = addToSetupBlock(result, 'actions', keep);
  return result;
}

/**
 * The context type in `setup({ types })`, written on one line or (formatted after a generator
 * added to it) on several: from `context: {} as ` to the `,` that ends it at its key's indentation.
 */
function contextType(source: string): { indent: string; start: number; end: number; type: string } {
  const open = /\n( *)context: \{\} as /.exec(source);
  if (!open) throw new Error('machines/appMachine.ts: no "context: {} as …," in setup({ types })');
  const indent = open[1] ?? '';
  const start = open.index + open[0].length;
  const close = new RegExp(`,\\n${indent}(?! )`).exec(source.slice(start));
  if (!close) throw new Error('machines/appMachine.ts: cannot find where the context type in setup({ types }) ends');
  const end = start + close.index;
  return { indent, start, end, type: source.slice(start, end) };
}

/** A line first in setup's `actors: {` or `actions: {` block, or the block itself after `types`. */
function addToSetupBlock(source: string, block: 'actors' | 'actions' | 'guards', line: string): string {
  const open = new RegExp(`\\n( *)${block}: \\{\\n`).exec(source);
  if (open) {
    const at = open.index + open[0].length;
    return `${source.slice(0, at)}${open[1]}  ${line}\n${source.slice(at)}`;
  }
  const types = /\n( *)types: \{\n/.exec(source);
  if (!types) throw new Error(`machines/appMachine.ts: no "types: {" in setup to put "${block}" after`);
  const indent = types[1] ?? '';
  const close = source.indexOf(`\n${indent}},\n`, types.index + types[0].length);
  if (close < 0) throw new Error('machines/appMachine.ts: cannot find where setup({ types }) ends');
  const at = close + `\n${indent}},\n`.length;
  return `${source.slice(0, at)}${indent}${block}: {\n${indent}  ${line}\n${indent}},\n${source.slice(at)}`;
}

/**
 * src/api/calls.ts with the screen's call (method, path, the answer's schema, freshness) and the
 * actor the app provides under the machine's name for it.
 */
export function addCall(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  let result = ensureImport(source, ['callActor'], './cache');
  result = ensureImport(result, ['defineCall'], './http');
  result = ensureImport(result, [`type ${names.data}`], '../../machines/appMachine');
  if (!/^import \* as v from 'valibot';/m.test(result)) result = `import * as v from 'valibot';\n${result}`;
  const call = [
    `  // ${PLACEHOLDER} the API path of #${screen.id}, how long its answer stays fresh, and its schema (the fields of ${names.data})`,
    `  ${names.call}: defineCall<${names.input}, ${names.data}>({`,
    "    method: 'GET',",
    `    path: (${names.params.length ? `{ ${names.params.join(', ')} }` : ''}) => \`${names.path}\`,`,
    '    response: v.object({ name: v.string() }),',
    '    freshForMs: 30_000,',
    '  }),',
  ];
  result = addToObject(result, 'export const calls = {', call, 'src/api/calls.ts');
  return addToObject(
    result,
    'export const callActors = {',
    [`  ${names.actor}: callActor(calls.${names.call}),`],
    'src/api/calls.ts',
  );
}

/** server/handlers.ts with the entry that answers the screen's call, with placeholder data. */
export function addHandler(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  const entry = [
    `  // ${PLACEHOLDER} what ${names.pattern} answers (a 404 { message } when there is no such thing)`,
    `  'GET ${names.pattern}': (${names.params.length ? '{ params }' : ''}) => ({ body: { name: ${names.params.length ? `\`${cap(screen.id)} \${params.${names.params[0]}}\`` : `'${cap(screen.id)}'`} } }),`,
  ];
  return addToObject(source, 'export const handlers: Handlers = {', entry, 'server/handlers.ts');
}

/** Lines first in the object literal that `opening` starts (`= {}` is opened up). */
function addToObject(source: string, opening: string, lines: string[], file: string): string {
  // At the start of a line: the files' doc comments show the same opening in their examples.
  const at = source.lastIndexOf(`\n${opening}`) + 1;
  if (at === 0) throw new Error(`${file}: no "${opening}" to add to`);
  const end = at + opening.length;
  const rest = source.slice(end);
  const body = rest.startsWith('}') ? `\n${lines.join('\n')}\n` : `\n${lines.join('\n')}`;
  return source.slice(0, end) + body + rest;
}

/** The machine's event union with the new event types. */
function addEvents(source: string, types: string[]): string {
  const union = /export type AppEvent =([^;]*);/.exec(source);
  if (!union) throw new Error('machines/appMachine.ts: no "export type AppEvent = …;" to add the events to');
  // A type with a payload comes written out (`{ type: …; roles: … }`).
  const added = types.map((type) => (type.startsWith('{') ? ` | ${type}` : ` | { type: '${type}' }`)).join('');
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
    ...(screen.role && !/\n {2}notAllowed: \{/.test(source)
      ? [
          `  ${NOT_ALLOWED}: {`,
          `    title: ${todo('the title of the screen a person without the role sees')},`,
          `    heading: ${todo('its heading')},`,
          `    body: ${todo('why they see it, and what to do')},`,
          `    signIn: ${todo('the sign-in button')},`,
          `    home: ${todo('the link home when there is nothing to return to')},`,
          `    signOut: ${todo('the sign-out button on a screen only a role may see')},`,
          '  },',
          '',
        ]
      : []),
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
  if (screen.loads) {
    const names = callNames(screen);
    // The call's states: the failure's heading is what a person sees fail, and nothing else does.
    lines.push(
      `${indent}${names.state('Loading')}: { absentHeading: errorStrings.heading },`,
      `${indent}${names.state('Loaded')}: { absentHeading: errorStrings.heading },`,
      `${indent}${names.state('Failed')}: { heading: errorStrings.heading },`,
    );
  }
  if (screen.role && !/\n *notAllowed: \{/.test(source)) {
    lines.push(
      `${indent}${NOT_ALLOWED}: { heading: strings.${NOT_ALLOWED}.heading, title: strings.${NOT_ALLOWED}.title },`,
    );
  }
  let result = screen.loads ? addOutcomes(source, screen) : source;
  if (screen.role) result = addSessionEvents(result, screen.role);
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

/**
 * A loading screen's call in the spec: its outcomes by actor (an answer, a placeholder in the shape
 * of its data, and a 5xx), and `call.retry` with its executor (a click on Retry) once per spec.
 */
function addOutcomes(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  let result = ensureImport(source, ['errorStrings'], '../../machines/errorStrings');
  const outcome = `${names.actor}: [{ output: { name: ${todo(`a sample answer of ${names.actor}`)} } }, { error: { code: 'http.5xx', status: 500 } }],`;
  const outcomes = /\n( *)outcomes: \{\n/.exec(result);
  if (outcomes) {
    const at = outcomes.index + outcomes[0].length;
    result = `${result.slice(0, at)}${outcomes[1]}  ${outcome}\n${result.slice(at)}`;
  } else {
    const machine = /\n( *)machine: [^\n]*,\n/.exec(result);
    if (!machine) throw new Error('tests/paths/productPaths.ts: no "machine: …," to put the outcomes after');
    const at = machine.index + machine[0].length;
    const indent = machine[1] ?? '';
    // What the provided actor answers in the path tests, by its src: a path per outcome.
    result = `${result.slice(0, at)}${indent}outcomes: {\n${indent}  ${outcome}\n${indent}},\n${result.slice(at)}`;
  }
  if (!result.includes("'call.retry':")) {
    const events = /\n( *)events: \[/.exec(result);
    const executors = /\n( *)executors: \{\n/.exec(result);
    if (!events || !executors)
      throw new Error('tests/paths/productPaths.ts: no "events: [" or "executors: {" to add call.retry to');
    result = result.replace(events[0], `${events[0]}{ type: 'call.retry' }, `);
    const at = (/\n( *)executors: \{\n/.exec(result)?.index ?? 0) + executors[0].length;
    const line = `${executors[1] ?? ''}  'call.retry': () => ({ do: 'click', role: 'button', name: errorStrings.retry }),\n`;
    result = result.slice(0, at) + line + result.slice(at);
  }
  return result;
}

/**
 * The session events (once per spec): samples (signing in with the role), click executors on the
 * generated buttons, and `stateContext` from the machine's behaviour, so that #notAllowed with a
 * route to return to and without one are two states to the path tests (behaviourOf: no guard is
 * named here).
 */
function addSessionEvents(source: string, role: string): string {
  if (source.includes("'session.signedIn':")) return source;
  const events = /\n( *)events: \[/.exec(source);
  const executors = /\n( *)executors: \{\n/.exec(source);
  const machine = /\n( *)machine: ([^\n]*),\n/.exec(source);
  if (!events || !executors || !machine)
    throw new Error(
      'tests/paths/productPaths.ts: no "machine: …", "events: [" or "executors: {" to add the session events to',
    );
  const samples = `{ type: 'session.signedIn', roles: ['${role}'] }, { type: 'session.signedOut' }`;
  let result = ensureImport(source, ['behaviourOf'], './generator/behaviour');
  result = result.replace(events[0], `${events[0]}${samples}, `);
  const at = (/\n( *)executors: \{\n/.exec(result)?.index ?? 0) + executors[0].length;
  const lines = [
    `${executors[1] ?? ''}  'session.signedIn': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signIn }),`,
    `${executors[1] ?? ''}  'session.signedOut': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signOut }),`,
  ];
  result = `${result.slice(0, at)}${lines.join('\n')}\n${result.slice(at)}`;
  const after = /\n( *)machine: [^\n]*,\n/.exec(result);
  if (!after) return result;
  const end = after.index + after[0].length;
  return `${result.slice(0, end)}${after[1]}stateContext: behaviourOf(${machine[2]}, [${samples}]),\n${result.slice(end)}`;
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

export function viewSource(screen: NewScreen): string {
  const { id, parent, tabs } = screen;
  if (tabs) return tabsViewSource(id, tabs, parent);
  if (screen.loads) return loadsViewSource(screen);
  if (screen.role) return roleViewSource(screen);
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

/**
 * A loading screen's view (docs/calls.md, step 4): the region stays mounted through pending,
 * failed and loaded (focus has somewhere to stay); the failure offers Retry and a way out; the last
 * answer stays shown while a new one loads.
 */
function loadsViewSource(screen: NewScreen): string {
  const { id, parent } = screen;
  const names = callNames(screen);
  const heading = parent ? '<ScreenHeading level={2}>' : '<ScreenHeading>';
  const away = parent ? `#${parent}` : '#home';
  return [
    "import { Link, useMachineSelector, useSend } from '../appRouting';",
    "import { CallFailed, CallPending, CallRegion } from '../shell/CallStatus';",
    "import { ScreenHeading } from '../shell/ScreenHeading';",
    '',
    "// The screen's own words load with its chunk; its title is in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  away: ${todo(`the link away from ${id} when it cannot load (to ${away})`)},`,
    '};',
    '',
    'export function View() {',
    `  const loading = useMachineSelector((s) => s.hasTag('${names.state('Loading')}'));`,
    `  const failed = useMachineSelector((s) => s.hasTag('${names.state('Failed')}'));`,
    ...(names.params.length
      ? [
          // The answer in context may be another param's (the previous screen's): shown only once loaded.
          `  const data = useMachineSelector((s) => (s.hasTag('${names.state('Loaded')}') ? s.context.${id} : undefined));`,
        ]
      : [`  const data = useMachineSelector((s) => s.context.${id});`]),
    '  const error = useMachineSelector((s) => s.context.callError);',
    '  const send = useSend();',
    '  return (',
    '    <article className="screen">',
    '      <CallRegion busy={loading}>',
    `        ${heading}{words.heading}</ScreenHeading>`,
    '        {failed ? (',
    `          <CallFailed error={error} retry={() => send({ type: 'call.retry' })} leave={<Link to="${away}">{words.away}</Link>} />`,
    '        ) : (',
    '          <>',
    '            {loading ? <CallPending /> : null}',
    '            {data ? <p>{data.name}</p> : null}',
    '          </>',
    '        )}',
    '      </CallRegion>',
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A guarded screen's view: its words, and the sign-out button (signed out, its guard sends it away). */
function roleViewSource({ id, parent }: NewScreen): string {
  const heading = parent ? '<ScreenHeading level={2}>' : '<ScreenHeading>';
  return [
    "import { strings } from '../../machines/strings';",
    "import { useSend } from '../appRouting';",
    "import { ScreenHeading } from '../shell/ScreenHeading';",
    '',
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  body: ${todo(`what ${id} shows`)},`,
    '};',
    '',
    'export function View() {',
    '  const send = useSend();',
    '  return (',
    '    <article className="screen">',
    `      ${heading}{words.heading}</ScreenHeading>`,
    '      <p>{words.body}</p>',
    '      <button type="button" className="button" onClick={() => send({ type: \'session.signedOut\' })}>',
    `        {strings.${NOT_ALLOWED}.signOut}`,
    '      </button>',
    '    </article>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/**
 * #notAllowed's view: with a route to return to, a sign-in button (a placeholder: it grants the
 * role without asking anyone, until the product's sign-in replaces it); without one, a link home.
 */
export function notAllowedViewSource(role: string): string {
  return [
    "import { strings } from '../../machines/strings';",
    "import { Link, useMachineSelector, useSend } from '../appRouting';",
    "import { ScreenHeading } from '../shell/ScreenHeading';",
    '',
    'export function View() {',
    '  const send = useSend();',
    '  const hasTarget = useMachineSelector((s) => s.context.returnTo !== undefined);',
    '  return (',
    '    <article className="screen">',
    `      <ScreenHeading>{strings.${NOT_ALLOWED}.heading}</ScreenHeading>`,
    `      <p>{strings.${NOT_ALLOWED}.body}</p>`,
    '      {hasTarget ? (',
    `        // ${PLACEHOLDER} the product's sign-in: this button grants the role without asking anyone`,
    `        <button type="button" className="button" onClick={() => send({ type: 'session.signedIn', roles: ['${role}'] })}>`,
    `          {strings.${NOT_ALLOWED}.signIn}`,
    '        </button>',
    '      ) : (',
    '        <p>',
    `          <Link to="#home">{strings.${NOT_ALLOWED}.home}</Link>`,
    '        </p>',
    '      )}',
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
  if (screen.loads) {
    written.push(
      ['src/api/calls.ts', addCall(readFileSync(file('src/api/calls.ts'), 'utf8'), screen)],
      ['server/handlers.ts', addHandler(readFileSync(file('server/handlers.ts'), 'utf8'), screen)],
    );
  }
  const notAllowedView = `src/views/${NOT_ALLOWED}.view.tsx`;
  const writesNotAllowed = Boolean(screen.role) && !existsSync(file(notAllowedView));
  if (writesNotAllowed && screen.role) written.push([notAllowedView, notAllowedViewSource(screen.role)]);
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
