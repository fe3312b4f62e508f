import { cap, headingTag, NAME_MAX_LENGTH, paramsOf, todo, todoLine, type NewScreen } from './args';
import { addToCallRegistry, addToObject, ensureImport } from './edit';
import { addBeforeEventUnion, addEvents, hasEventType, addToSetupBlock, extendContextType } from './machineEdit';
import { addSpecEvents, addToSpecBlock, hasExecutor } from './specEdit';
import type { ScreenOption } from './option';
import { addSearchSample } from './param';

/** The names a loading screen's pieces share: its actor, data type, call, API path and states. */
export const callNames = (screen: NewScreen) => {
  const params = paramsOf(screen.path);
  const inputs = screen.list ? [...params, 'page'] : params;
  return {
    actor: `load${cap(screen.id)}`,
    data: `${cap(screen.id)}Data`,
    item: `${cap(screen.id)}Item`,
    call: `get${cap(screen.id)}`,
    // The API path is the screen's id and its params, not its URL: the URL is the app's, the API the server's.
    pattern: [`/api/${screen.id}`, ...params.map((name) => `:${name}`)].join('/'),
    path:
      [`/api/${screen.id}`, ...params.map((name) => `\${encodeURIComponent(${name})}`)].join('/') +
      (screen.list ? '?page=${page}' : ''),
    input: inputs.length ? `{ ${inputs.map((name) => `${name}: number`).join('; ')} }` : 'void',
    /** What the call's input holds: the screen's params, and a list's page. */
    inputs,
    params,
    /** Its own failure, kept apart from any other screen's: a list and its detail may both fail at once. */
    error: `${screen.id}Error`,
    keepError: `keep${cap(screen.id)}Error`,
    /** A list's page: the one its answer is (or is being loaded), and the guard that sees another in the URL. */
    page: `${screen.id}Page`,
    keepPage: `keep${cap(screen.id)}Page`,
    otherPage: `other${cap(screen.id)}Page`,
    state: (sub: 'Loading' | 'Loaded' | 'Failed') => `${screen.id}${sub}`,
  };
};

/** How many items a page of a generated list holds at most: its schema bounds the answer with it. */
export const PAGE_SIZE_MAX = 100;

/**
 * The call's states (docs/calls.md): `loading` invokes the actor the app provides, `loaded` keeps
 * its answer in context under the screen's id, `failed` keeps the error (its own: `<id>Error`) and
 * waits for Retry; a list keeps the page it loads and loads another when the URL asks. Each
 * has an id (the path tests' assertions) and a tag (the view asks `hasTag` wherever it sits).
 */
function loadsNode(screen: NewScreen, indent: string): string[] {
  const names = callNames(screen);
  const input = names.inputs.length
    ? [
        `${indent}      input: ({ context }) => ({ ${names.inputs.map((name) => `${name}: context.params.${name} ?? ${name === 'page' ? 1 : 0}`).join(', ')} }),`,
      ]
    : [];
  const state = (sub: 'Loading' | 'Loaded' | 'Failed') => `id: '${names.state(sub)}', tags: '${names.state(sub)}'`;
  // A list: another page in the URL (a pager link, Back) loads that page, loaded or failed.
  const otherPage = screen.list ? [`always: { guard: '${names.otherPage}', target: 'loading' }`] : [];
  return [
    `${indent}initial: 'loading',`,
    `${indent}states: {`,
    `${indent}  loading: {`,
    `${indent}    ${state('Loading')},`,
    ...(screen.list ? [`${indent}    entry: '${names.keepPage}',`] : []),
    `${indent}    invoke: {`,
    `${indent}      id: '${names.actor}',`,
    `${indent}      src: '${names.actor}',`,
    ...input,
    `${indent}      onDone: { target: 'loaded', actions: assign({ ${screen.id}: ({ event }) => event.output }) },`,
    `${indent}      onError: { target: 'failed', actions: '${names.keepError}' },`,
    `${indent}    },`,
    `${indent}  },`,
    `${indent}  loaded: { ${[state('Loaded'), ...otherPage].join(', ')} },`,
    `${indent}  failed: { ${[state('Failed'), ...otherPage, "on: { 'call.retry': 'loading' }"].join(', ')} },`,
    `${indent}},`,
  ];
}

/**
 * What a loading screen needs in the machine's setup: the data type (a placeholder to write), the
 * answer and its own error in the context type, the actor named with its types (`callPlaceholder`:
 * the app provides the real one), `keep<Id>Error`, and the `call.retry` event (shared). A list
 * also keeps its page (`keep<Id>Page`) and sees another in the URL (`other<Id>Page`). The params
 * the call's input reads are typed in `RoutedContext` by param.ts, for every screen.
 */
function addCallToSetup(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  let result = ensureImport(source, ['assign'], 'xstate');
  result = ensureImport(result, ['callPlaceholder', 'toCallError', 'type CallError'], '@statechart/calls');
  if (!hasEventType(result, 'call.retry')) result = addEvents(result, ['call.retry']);
  const fieldsTodo = todoLine('  ', `the fields #${screen.id} loads (and the same in its schema in src/api/calls.ts)`);
  const data = screen.list
    ? [
        `/** One item of #${screen.id}: its id is the one its detail's URL carries. */`,
        `export interface ${names.item} {`,
        '  id: number;',
        fieldsTodo,
        '  name: string;',
        '}',
        '',
        `/** What #${screen.id} loads: a page of its items, and how many pages there are (src/api/calls.ts checks it). */`,
        `export interface ${names.data} {`,
        `  items: ${names.item}[];`,
        '  pages: number;',
        '}',
      ]
    : [
        `/** What #${screen.id} loads: the answer of its call (src/api/calls.ts checks it, server/handlers.ts sends it). */`,
        `export interface ${names.data} {`,
        fieldsTodo,
        '  name: string;',
        '}',
      ];
  result = addBeforeEventUnion(result, [...data, '', ''].join('\n'));
  // The answer, and the failure of this screen's own call (never another's: both may show at once).
  result = extendContextType(result, [
    `${screen.id}?: ${names.data}`,
    `${names.error}?: CallError`,
    ...(screen.list ? [`${names.page}?: number`] : []),
  ]);
  const actor = `${names.actor}: callPlaceholder<${names.data}${names.inputs.length ? `, ${names.input}` : ''}>('${names.actor}'),`;
  result = addToSetupBlock(result, 'actors', actor);
  result = addToSetupBlock(
    result,
    'actions',
    `${names.keepError}: assign({ ${names.error}: ({ event }) => ('error' in event ? toCallError(event.error) : undefined) }),`,
  );
  if (!screen.list) return result;
  result = addToSetupBlock(
    result,
    'actions',
    `${names.keepPage}: assign({ ${names.page}: ({ context }) => context.params.page ?? 1 }),`,
  );
  // The URL asks for another page than the one shown (or being loaded).
  return addToSetupBlock(
    result,
    'guards',
    `${names.otherPage}: ({ context }) => (context.params.page ?? 1) !== context.${names.page},`,
  );
}

/**
 * src/api/calls.ts with the screen's call (method, path, the answer's schema, freshness) and the
 * actor the app provides under the machine's name for it.
 */
export function addCall(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  return addToCallRegistry(source, {
    type: [names.data, '../../machines/appMachine'],
    call: [
      todoLine(
        '  ',
        `the API path of #${screen.id}, how long its answer stays fresh, and its schema (the fields of ${names.data})`,
      ),
      `  ${names.call}: defineCall<${names.input}, ${names.data}>({`,
      "    method: 'GET',",
      `    path: (${names.inputs.length ? `{ ${names.inputs.join(', ')} }` : ''}) => \`${names.path}\`,`,
      ...(screen.list
        ? [
            // The ids the items' links carry are parsed by the route's own rule (a whole number), and a
            // page is bounded: an id of 1.5 or a page of a million items is invalidPayload, not a link to
            // "not found" or a frozen tab.
            '    response: v.object({',
            '      items: v.pipe(',
            `        v.array(v.object({ id: v.pipe(v.number(), v.integer()), name: v.pipe(v.string(), v.maxLength(${NAME_MAX_LENGTH})) })),`,
            `        v.maxLength(${PAGE_SIZE_MAX}),`,
            '      ),',
            '      pages: v.pipe(v.number(), v.integer(), v.minValue(1)),',
            '    }),',
          ]
        : [`    response: v.object({ name: v.pipe(v.string(), v.maxLength(${NAME_MAX_LENGTH})) }),`]),
      '    freshForMs: 30_000,',
      '  }),',
    ],
    actor: `  ${names.actor}: callActor(calls.${names.call}),`,
  });
}

/** server/handlers.ts with the entry that answers the screen's call, with placeholder data. */
export function addHandler(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  const entry = screen.list
    ? [
        todoLine('  ', `what ${names.pattern} answers: a page of items (?page=1, 2…) and how many pages there are`),
        `  'GET ${names.pattern}': ({ query }) => {`,
        "    const page = Math.max(1, Math.trunc(Number(query.get('page') ?? 1)) || 1);",
        `    const items = [1, 2, 3].map((n) => ({ id: (page - 1) * 3 + n, name: \`${cap(screen.id)} \${(page - 1) * 3 + n}\` }));`,
        '    return { body: { items, pages: 3 } };',
        '  },',
      ]
    : [
        todoLine('  ', `what ${names.pattern} answers (a 404 { message } when there is no such thing)`),
        `  'GET ${names.pattern}': (${names.params.length ? '{ params }' : ''}) => ({ body: { name: ${names.params.length ? `\`${cap(screen.id)} \${params.${names.params[0]}}\`` : `'${cap(screen.id)}'`} } }),`,
      ];
  return addToObject(source, 'handlers', entry, 'server/handlers.ts');
}

/**
 * `--loads`: docs/calls.md's recipe, every piece of it: loading / loaded / failed with Retry, the
 * actor in setup, the call in src/api/calls.ts, its handler in server/handlers.ts, its outcomes
 * in the spec. Decisions in code are `// TODO:` lines that packages/cli/src/placeholders.ts names.
 */
export const loads: ScreenOption = {
  region: 'call',
  applies: (screen) => Boolean(screen.loads),
  node: loadsNode,
  machine: addCallToSetup,
  // Its failure's heading is its own words: a list and its detail may fail side by side, and the
  // path tests (and a person) tell them apart by it.
  words: (screen) => [`    notLoaded: ${todo(`the heading when ${screen.id} did not load`)},`],
  // The call's states: the failure's heading is what a person sees fail, and nothing else does.
  assertions: (screen) => {
    const names = callNames(screen);
    const notLoaded = `strings.${screen.id}.notLoaded`;
    return [
      `${names.state('Loading')}: { absentHeading: ${notLoaded} },`,
      `${names.state('Loaded')}: { absentHeading: ${notLoaded} },`,
      `${names.state('Failed')}: { heading: ${notLoaded} },`,
    ];
  },
  spec: addOutcomes,
  view: loadsView,
  files: (screen, read) => [
    ['src/api/calls.ts', addCall(read('src/api/calls.ts') ?? '', screen)],
    ['server/handlers.ts', addHandler(read('server/handlers.ts') ?? '', screen)],
  ],
};

/**
 * A loading screen's call in the spec: its outcomes by actor (an answer, a placeholder in the shape
 * of its data, and a 5xx), and `call.retry` with its executor (a click on Retry) once per spec.
 */
function addOutcomes(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  const withImport = ensureImport(source, ['errorStrings'], '@statechart/calls');
  // A list's answer: one item (its id a sample of the detail's param), and a second page to go to.
  const output = screen.list
    ? `{ items: [{ id: 5, name: ${todo(`a sample item of ${names.actor}`)} }], pages: 2 }`
    : `{ name: ${todo(`a sample answer of ${names.actor}`)} }`;
  // What the provided actor answers in the path tests, by its src: a path per outcome.
  let result = addToSpecBlock(
    withImport,
    'outcomes',
    `${names.actor}: [{ output: ${output} }, { error: { code: 'http.5xx', status: 500 } }],`,
  );
  // Another page in the URL: the path tests go to it (and the list loads it).
  if (screen.list) result = addSearchSample(result, 'page', '2');
  if (hasExecutor(result, 'call.retry')) return result;
  return addSpecEvents(
    result,
    ["{ type: 'call.retry' }"],
    ["'call.retry': () => ({ do: 'click', role: 'button', name: errorStrings.retry }),"],
  );
}

/**
 * How the view of a screen that loads begins (its own and a list's, list.ts): the imports, and the
 * first of its own words (its heading, the way out when it cannot load), `const words = {` left open.
 */
export function callViewStart({ id, parent }: NewScreen): string[] {
  const away = parent ? `#${parent}` : '#home';
  return [
    "import { Link, useMachineSelector, useSend } from '../appRouting';",
    "import { CallFailed, CallPending, CallRegion } from '@statechart/calls';",
    "import { ScreenHeading } from '@statechart/react';",
    "import { strings } from '../../machines/strings';",
    '',
    "// The screen's own words load with its chunk; its title and failure heading are in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  away: ${todo(`the link away from ${id} when it cannot load (to ${away})`)},`,
  ];
}

/**
 * A loading screen's view (docs/calls.md, step 4): the region stays mounted through pending,
 * failed and loaded (focus has somewhere to stay); the failure, in the screen's own words, offers
 * Retry and a way out; the last answer stays shown while a new one loads. A list's view is
 * listView's.
 */
export function loadsView(
  screen: NewScreen,
  inner?: { imports: string[]; words: string[]; hooks: string[]; jsx: string[] },
): string {
  const { id, parent } = screen;
  const names = callNames(screen);
  const heading = headingTag(screen);
  const away = parent ? `#${parent}` : '#home';
  return [
    ...(inner?.imports.filter((line) => !line.includes("from '../../machines/strings'")) ?? []),
    ...callViewStart(screen),
    ...(inner?.words ?? []),
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
    `  const error = useMachineSelector((s) => s.context.${names.error});`,
    ...(inner?.hooks ?? []),
    '  const send = useSend();',
    '  return (',
    // A child shows in its parent's screen (beside a list: a column of its .list-detail), so its
    // region is its root; a screen of its own is an article.
    ...(parent ? [] : ['    <article className="screen">']),
    '      <CallRegion busy={loading}>',
    `        ${heading}{words.heading}</ScreenHeading>`,
    // Tabs (tabs.ts) sit under the heading, shown whatever the call does.
    ...(inner?.jsx ?? []),
    '        {failed ? (',
    `          <CallFailed heading={strings.${id}.notLoaded} error={error} retry={() => send({ type: 'call.retry' })} leave={<Link to="${away}">{words.away}</Link>} />`,
    '        ) : (',
    '          <>',
    '            {loading ? <CallPending /> : null}',
    '            {data ? <p>{data.name}</p> : null}',
    '          </>',
    '        )}',
    '      </CallRegion>',
    ...(parent ? [] : ['    </article>']),
    '  );',
    '}',
    '',
  ].join('\n');
}
