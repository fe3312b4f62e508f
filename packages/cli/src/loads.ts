import { cap, headingTag, NAME_MAX_LENGTH, paramsOf, todo, todoLine, type NewScreen } from './args';
import {
  addEvents,
  addSpecEvents,
  addToCallRegistry,
  addToObject,
  addToSetupBlock,
  addToSpecBlock,
  contextType,
  ensureImport,
} from './edit';
import type { ScreenOption } from './option';

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
function loadsNode(screen: NewScreen, indent: string): string[] {
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

/**
 * What a loading screen needs in the machine's setup: the data type (a placeholder to write), the
 * answer and the error in the context type, each param typed in `RoutedContext` (the call's input
 * reads it), the actor named with its types (`callPlaceholder`: the app provides the real one),
 * `keepCallError`, and the `call.retry` event.
 */
function addCallToSetup(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  let result = ensureImport(source, ['assign'], 'xstate');
  result = ensureImport(result, ['callPlaceholder', 'toCallError', 'type CallError'], '@statechart/calls');
  if (!/\{ type: 'call\.retry' \}/.test(result)) result = addEvents(result, ['call.retry']);
  const union = result.indexOf('export type AppEvent');
  result =
    result.slice(0, union) +
    [
      `/** What #${screen.id} loads: the answer of its call (src/api/calls.ts checks it, server/handlers.ts sends it). */`,
      `export interface ${names.data} {`,
      todoLine('  ', `the fields #${screen.id} loads (and the same in its schema in src/api/calls.ts)`),
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
      `    path: (${names.params.length ? `{ ${names.params.join(', ')} }` : ''}) => \`${names.path}\`,`,
      `    response: v.object({ name: v.pipe(v.string(), v.maxLength(${NAME_MAX_LENGTH})) }),`,
      '    freshForMs: 30_000,',
      '  }),',
    ],
    actor: `  ${names.actor}: callActor(calls.${names.call}),`,
  });
}

/** server/handlers.ts with the entry that answers the screen's call, with placeholder data. */
export function addHandler(source: string, screen: NewScreen): string {
  const names = callNames(screen);
  const entry = [
    todoLine('  ', `what ${names.pattern} answers (a 404 { message } when there is no such thing)`),
    `  'GET ${names.pattern}': (${names.params.length ? '{ params }' : ''}) => ({ body: { name: ${names.params.length ? `\`${cap(screen.id)} \${params.${names.params[0]}}\`` : `'${cap(screen.id)}'`} } }),`,
  ];
  return addToObject(source, 'export const handlers: Handlers = {', entry, 'server/handlers.ts');
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
  // The call's states: the failure's heading is what a person sees fail, and nothing else does.
  assertions: (screen, indent) => {
    const names = callNames(screen);
    return [
      `${indent}${names.state('Loading')}: { absentHeading: errorStrings.heading },`,
      `${indent}${names.state('Loaded')}: { absentHeading: errorStrings.heading },`,
      `${indent}${names.state('Failed')}: { heading: errorStrings.heading },`,
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
  // What the provided actor answers in the path tests, by its src: a path per outcome.
  const result = addToSpecBlock(
    withImport,
    'outcomes',
    `${names.actor}: [{ output: { name: ${todo(`a sample answer of ${names.actor}`)} } }, { error: { code: 'http.5xx', status: 500 } }],`,
  );
  if (result.includes("'call.retry':")) return result;
  return addSpecEvents(
    result,
    ["{ type: 'call.retry' }"],
    ["'call.retry': () => ({ do: 'click', role: 'button', name: errorStrings.retry }),"],
  );
}

/**
 * A loading screen's view (docs/calls.md, step 4): the region stays mounted through pending,
 * failed and loaded (focus has somewhere to stay); the failure offers Retry and a way out; the last
 * answer stays shown while a new one loads.
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
    ...(inner?.imports ?? []),
    "import { Link, useMachineSelector, useSend } from '../appRouting';",
    "import { CallFailed, CallPending, CallRegion } from '@statechart/calls';",
    "import { ScreenHeading } from '@statechart/react';",
    '',
    "// The screen's own words load with its chunk; its title is in machines/strings.ts.",
    'const words = {',
    `  heading: ${todo(`the heading of ${id}`)},`,
    `  away: ${todo(`the link away from ${id} when it cannot load (to ${away})`)},`,
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
    '  const error = useMachineSelector((s) => s.context.callError);',
    ...(inner?.hooks ?? []),
    '  const send = useSend();',
    '  return (',
    '    <article className="screen">',
    '      <CallRegion busy={loading}>',
    `        ${heading}{words.heading}</ScreenHeading>`,
    // Tabs (tabs.ts) sit under the heading, shown whatever the call does.
    ...(inner?.jsx ?? []),
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
