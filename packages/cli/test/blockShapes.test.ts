import * as prettier from 'prettier';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { addToCallRegistry, addToObject, ensureImport } from '../src/edit';
import { addEvents, addToInitialContext, addToSetupBlock, contextType, extendContextType } from '../src/machineEdit';
import { addParamSamples, addParamTypes, addSearchSample } from '../src/param';
import { addState } from '../src/machine';
import { addAssertion } from '../src/spec';
import { addBehaviourSamples, addSpecEvents, addStoredInput, addToSpecBlock } from '../src/specEdit';
import { addStrings } from '../src/strings';

/**
 * Every block a generator edits, written three ways: on one line, over several lines, and as a
 * product's Prettier config (80 columns, double quotes) leaves it. An edit finds its block in the
 * syntax tree, so the three give the same program; compared token by token, layout, trailing
 * commas and quotes aside.
 */

/** The program's tokens: no whitespace or comments, strings by value, no comma before a closing bracket. */
function tokens(source: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const text =
      kind === ts.SyntaxKind.StringLiteral ? JSON.stringify(scanner.getTokenValue()) : scanner.getTokenText();
    // A separator before a closing bracket, and a union's leading `|`, are layout.
    if ([')', ']', '}', '>'].includes(text) && [',', ';'].includes(out[out.length - 1] ?? '')) out.pop();
    if (text === '|' && out[out.length - 1] === '=') continue;
    out.push(text);
  }
  return out.join(' ');
}

/** Whether a program (in tokens) holds a snippet. */
const holds = (program: string, snippet: string) => tokens(program).includes(tokens(snippet).replace(/ ,$/, ''));

/** The three layouts of a file: one line (as given), several lines (as given), and Prettier's at 80 columns. */
async function layouts(oneLine: string, severalLines: string): Promise<[string, string][]> {
  const formatted = await prettier.format(oneLine, { parser: 'typescript', printWidth: 80 });
  return [
    ['one line', oneLine],
    ['several lines', severalLines],
    ['Prettier, 80 columns and double quotes', formatted],
  ];
}

/** An edit on each layout: the same program from each, holding every snippet. */
async function expectSameEdit(
  [oneLine, severalLines]: readonly [string, string],
  edit: (source: string) => string,
  snippets: string[],
  given: 'two layouts given' | 'and Prettier at 80 columns' = 'and Prettier at 80 columns',
): Promise<void> {
  const all = await layouts(oneLine, severalLines);
  const results = (given === 'two layouts given' ? all.slice(0, 2) : all).map(
    ([name, source]) => [name, edit(source)] as const,
  );
  const [, first] = results[0]!;
  for (const [name, result] of results) {
    expect(tokens(result), `${name}: not the program the one-line layout gave`).toBe(tokens(first));
    for (const snippet of snippets) expect(holds(result, snippet), `${name}: no ${snippet} in\n${result}`).toBe(true);
  }
}

const MACHINE: readonly [string, string] = [
  [
    "import { assign, setup } from 'xstate';",
    "import { routed, type RoutedContext } from '@statechart/core';",
    "export type AppEvent = { type: 'a' } | { type: 'b' };",
    "export const appMachine = routed(setup({ types: { context: {} as RoutedContext<{ projectId: number }>, events: {} as AppEvent }, actors: { loadOwn: fromPromise(async () => 1) }, actions: { keep: assign({}) }, guards: { ok: () => true } }).createMachine({ id: 'app', context: { params: {} }, states: { home: { id: 'home' }, notFound: { id: 'notFound' } } }));",
    '',
  ].join('\n'),
  [
    "import { assign, setup } from 'xstate';",
    'import {',
    '  routed,',
    '  type RoutedContext,',
    "} from '@statechart/core';",
    '',
    'export type AppEvent =',
    "  | { type: 'a' }",
    "  | { type: 'b' };",
    '',
    'export const appMachine = routed(',
    '  setup({',
    '    types: {',
    '      context: {} as RoutedContext<{',
    '        projectId: number;',
    '      }>,',
    '      events: {} as AppEvent,',
    '    },',
    '    actors: {',
    '      loadOwn: fromPromise(async () => 1),',
    '    },',
    '    actions: {',
    '      keep: assign({}),',
    '    },',
    '    guards: {',
    '      ok: () => true,',
    '    },',
    '  }).createMachine({',
    "    id: 'app',",
    '    context: {',
    '      params: {},',
    '    },',
    '    states: {',
    "      home: { id: 'home' },",
    "      notFound: { id: 'notFound' },",
    '    },',
    '  }),',
    ');',
    '',
  ].join('\n'),
];

/** The machine without one of setup's blocks, in both layouts. */
const without = (block: 'actors' | 'guards'): readonly [string, string] => [
  MACHINE[0].replace(new RegExp(`,? ${block}: \\{[^}]*\\}`), ''),
  MACHINE[1].replace(new RegExp(`\\n {4}${block}: \\{\\n[^}]*\\},`), ''),
];

const SPEC: readonly [string, string] = [
  [
    "import { appMachine } from '../../machines/appMachine';",
    "import { makeSpec, routeExecutor } from '@statechart/paths';",
    "export const productSpec = makeSpec({ name: 'product', machine: appMachine, params: { '*': ['/no/such/page'] }, search: {}, events: [{ type: 'view.failed', url: '/' }], executors: { 'xstate.route': routeExecutor }, assertions: { home: { heading: 'Welcome' } } });",
    '',
  ].join('\n'),
  [
    "import { appMachine } from '../../machines/appMachine';",
    "import { makeSpec, routeExecutor } from '@statechart/paths';",
    '',
    'export const productSpec = makeSpec({',
    "  name: 'product',",
    '  machine: appMachine,',
    '  params: {',
    "    '*': ['/no/such/page'],",
    '  },',
    '  search: {},',
    '  events: [',
    "    { type: 'view.failed', url: '/' },",
    '  ],',
    '  executors: {',
    "    'xstate.route': routeExecutor,",
    '  },',
    '  assertions: {',
    "    home: { heading: 'Welcome' },",
    '  },',
    '});',
    '',
  ].join('\n'),
];

/** The spec with one more entry after `machine:`, in both layouts. */
const specWith = (entry: string): readonly [string, string] => [
  SPEC[0].replace('machine: appMachine,', `machine: appMachine, ${entry},`),
  SPEC[1].replace('  machine: appMachine,\n', `  machine: appMachine,\n  ${entry.replace(/\n/g, '\n  ')},\n`),
];

describe("the generators' edits find each block however it is laid out", () => {
  it("adds to setup's actors, actions and guards, never a second key", async () => {
    for (const block of ['actors', 'actions', 'guards'] as const) {
      await expectSameEdit(
        MACHINE,
        (source) => {
          const result = addToSetupBlock(source, block, 'added: x,');
          expect(result.match(new RegExp(`\\b${block}:`, 'g'))).toHaveLength(1);
          return result;
        },
        [`${block}: { added: x,`],
      );
    }
  });

  it('adds a missing setup block after types', async () => {
    await expectSameEdit(without('guards'), (source) => addToSetupBlock(source, 'guards', 'ok: () => true,'), [
      'events: {} as AppEvent }, guards: { ok: () => true }, actors:',
    ]);
  });

  it('refuses a setup block that is not an object literal, naming the file, the line and what to add', () => {
    const shared = MACHINE[1].replace(
      '    actors: {\n      loadOwn: fromPromise(async () => 1),\n    },',
      '    actors: sharedActors,',
    );
    expect(() => addToSetupBlock(shared, 'actors', 'loadThing: x,')).toThrow(
      "machines/appMachine.ts:19: expected setup's `actors: { … }` as an object literal, found `actors: sharedActors`: add loadThing: x to actors by hand",
    );
    expect(() => addToSetupBlock('export const m = createMachine({});', 'actors', 'x,')).toThrow(
      'machines/appMachine.ts:1: expected `setup({ types, actions, guards, actors }).createMachine({ … })`',
    );
  });

  it('adds names to an import on one line or several, or a new import', async () => {
    await expectSameEdit(
      MACHINE,
      (source) => ensureImport(source, ['int', 'type RouteMeta', 'routed'], '@statechart/core'),
      ["import { routed, type RoutedContext, int, type RouteMeta } from '@statechart/core';"],
    );
    await expectSameEdit(MACHINE, (source) => ensureImport(source, ['callPlaceholder'], '@statechart/calls'), [
      "import { callPlaceholder } from '@statechart/calls'; import { assign, setup } from 'xstate';",
    ]);
    // A type-only import takes more types, and a value import is never made type-only.
    expect(ensureImport("import type { A } from 'm';\n", ['type B'], 'm')).toBe("import type { A, B } from 'm';\n");
    expect(ensureImport("import type { A } from 'm';\n", ['b'], 'm')).toBe(
      "import { b } from 'm';\nimport type { A } from 'm';\n",
    );
  });

  it('extends the context type, on one line or broken over several, and types a param in RoutedContext', async () => {
    await expectSameEdit(MACHINE, (source) => extendContextType(source, ['thing?: ThingData']), [
      'context: {} as RoutedContext<{ projectId: number }> & { thing?: ThingData },',
    ]);
    await expectSameEdit(MACHINE, (source) => addParamTypes(source, { id: 'thing', path: ':thingId' }), [
      'RoutedContext<{ projectId: number; thingId: number }>',
    ]);
    // A param typed already is left as it is.
    await expectSameEdit(MACHINE, (source) => addParamTypes(source, { id: 'project', path: ':projectId' }), [
      'RoutedContext<{ projectId: number }>',
    ]);
    // A union is extended as a whole.
    const union = MACHINE[1].replace('context: {} as RoutedContext<{', 'context: {} as A | RoutedContext<{');
    expect(
      holds(extendContextType(union, ['x: 1']), 'context: {} as (A | RoutedContext<{ projectId: number }>) & { x: 1 }'),
    ).toBe(true);
    expect(contextType(MACHINE[1]).type).toBe('RoutedContext<{\n        projectId: number;\n      }>');
  });

  it('adds events to the union on one line or one member a line', async () => {
    await expectSameEdit(MACHINE, (source) => addEvents(source, ['call.retry', "{ type: 's'; roles: string[] }"]), [
      "export type AppEvent = { type: 'a' } | { type: 'b' } | { type: 'call.retry' } | { type: 's'; roles: string[] };",
    ]);
  });

  it("adds to the machine's initial context: an object, or what a function of its input returns", async () => {
    await expectSameEdit(MACHINE, (source) => addToInitialContext(source, 'form: emptyForm(x)'), [
      'context: { params: {}, form: emptyForm(x) },',
    ]);
    const fromInput: readonly [string, string] = [
      MACHINE[0].replace('context: { params: {} }', 'context: ({ input }) => ({ params: {}, roles: input.roles })'),
      MACHINE[1].replace(
        '    context: {\n      params: {},\n    },',
        '    context: ({ input }) => ({\n      params: {},\n      roles: input.roles,\n    }),',
      ),
    ];
    await expectSameEdit(fromInput, (source) => addToInitialContext(source, 'form: emptyForm(x)'), [
      'context: ({ input }) => ({ params: {}, roles: input.roles, form: emptyForm(x) }),',
    ]);
    const shared = MACHINE[1].replace('    context: {\n      params: {},\n    },', '    context: initialContext,');
    expect(() => addToInitialContext(shared, 'form: x')).toThrow(
      "machines/appMachine.ts:30: expected the machine's `context: { … }` or `context: ({ input }) => ({ … })`, found `context: initialContext`: add form: x to it by hand",
    );
  });

  it("adds the spec's event samples and executors, and its param and search samples", async () => {
    await expectSameEdit(SPEC, (source) => addSpecEvents(source, ["{ type: 'x.go' }"], ["'x.go': () => go,"]), [
      "events: [{ type: 'x.go' }, { type: 'view.failed', url: '/' }],",
      "executors: { 'x.go': () => go, 'xstate.route': routeExecutor },",
    ]);
    await expectSameEdit(SPEC, (source) => addParamSamples(source, { id: 'thing', path: ':thingId' }), [
      "import { interpolate } from '@statechart/core';",
      "params: { thingId: [5], '*': ['/no/such/page'] },",
    ]);
    await expectSameEdit(SPEC, (source) => addSearchSample(addSearchSample(source, 'page', '2'), 'page', '3'), [
      'search: { page: [2] },',
    ]);
  });

  it("adds a spec block, first in it once it is there, after the spec's machine", async () => {
    await expectSameEdit(
      SPEC,
      (source) => addToSpecBlock(addToSpecBlock(source, 'outcomes', 'a: 1,'), 'outcomes', 'b: 2,'),
      ['machine: appMachine, outcomes: { b: 2, a: 1 }, params:'],
    );
  });

  it("adds behaviour samples to the spec's one stateContext", async () => {
    await expectSameEdit(SPEC, (source) => addBehaviourSamples(addBehaviourSamples(source, ['a']), ['b', 'c']), [
      "import { makeSpec, routeExecutor, behaviourOf } from '@statechart/paths';",
      'machine: appMachine, stateContext: behaviourOf(appMachine, [b, c, a]), params:',
    ]);
  });

  it("adds an entry to the spec's one storedInput: an arrow's object, or a block body's return", async () => {
    await expectSameEdit(SPEC, (source) => addStoredInput(source, 'roles: snapshot.context.roles'), [
      'machine: appMachine, storedInput: (snapshot) => ({ roles: snapshot.context.roles }), params:',
    ]);
    await expectSameEdit(
      specWith('storedInput: (s) => ({ draft: s.context.draft })'),
      (source) => addStoredInput(source, 'roles: snapshot.context.roles'),
      ['storedInput: (s) => ({ roles: s.context.roles, draft: s.context.draft }),'],
    );
    await expectSameEdit(
      specWith('storedInput: (s) => {\n  const form = s.context.form;\n  return { draft: form };\n}'),
      (source) => addStoredInput(source, 'roles: snapshot.context.roles'),
      ['return { roles: s.context.roles, draft: form }'],
    );
    expect(() => addStoredInput(specWith('storedInput: keep')[1], 'roles: x')).toThrow(
      'tests/paths/productPaths.ts:7: expected a storedInput that returns an object literal',
    );
  });

  it('adds a call and its actor to the registry, a plain object or defineCalls({ … })', async () => {
    const registry = (calls: string, actors: string): string =>
      `export const calls = ${calls} satisfies CallRegistry;\nexport const callActors = ${actors} satisfies CallActors;\n`;
    const add = (source: string) =>
      addToCallRegistry(source, {
        type: ['ThingData', './data'],
        call: ['  getThing: defineCall({}),'],
        actor: '  loadThing: callActor(calls.getThing),',
      });
    const snippets = [
      "import * as v from 'valibot';",
      'export const calls = defineCalls({ getThing: defineCall({}), getOwn: defineCall({}) }) satisfies CallRegistry;',
      'export const callActors = { loadThing: callActor(calls.getThing), loadOwn: x } satisfies CallActors;',
    ];
    await expectSameEdit(
      [
        registry('{ getOwn: defineCall({}) }', '{ loadOwn: x }'),
        registry('{\n  getOwn: defineCall({}),\n}', '{\n  loadOwn: x,\n}'),
      ],
      add,
      snippets,
    );
    await expectSameEdit(
      [
        registry('defineCalls({ getOwn: defineCall({}) })', '{ loadOwn: x }'),
        registry('defineCalls({\n  getOwn: defineCall({}),\n})', '{\n  loadOwn: x,\n}'),
      ],
      add,
      snippets,
    );
    expect(holds(add(registry('{}', '{}')), 'export const calls = defineCalls({ getThing: defineCall({}) })')).toBe(
      true,
    );
    expect(() => add(registry('makeRegistry()', '{}'))).toThrow(
      // Line 4: the imports the call needs come first.
      'src/api/calls.ts:4: expected `export const calls = { … } satisfies CallRegistry;` or `defineCalls({ … })`, found `calls = makeRegistry() satisfies CallRegistry`: write the registry as defineCalls({ … }) by hand',
    );
  });

  it("adds a handler to the handlers' object", async () => {
    await expectSameEdit(
      [
        "export const handlers: Handlers = { 'GET /a': () => ({ body: 1 }) };\n",
        "export const handlers: Handlers = {\n  'GET /a': () => ({ body: 1 }),\n};\n",
      ],
      (source) =>
        addToObject(source, 'handlers', ["  'GET /b': () => ({", '    body: 2,', '  }),'], 'server/handlers.ts'),
      ["export const handlers: Handlers = { 'GET /b': () => ({ body: 2 }), 'GET /a': () => ({ body: 1 }) };"],
    );
  });

  it("adds a screen's words last in the catalogue, and the role's shared words once", async () => {
    const strings: readonly [string, string] = [
      "export const strings = { productName: 'Product', home: { title: 'Home' } } as const;\n",
      "export const strings = {\n  productName: 'Product',\n  home: {\n    title: 'Home',\n  },\n} as const;\n",
    ];
    const admin = { id: 'admin', path: 'admin', role: 'admin' };
    await expectSameEdit(strings, (source) => addStrings(addStrings(source, admin), { ...admin, id: 'audit' }), [
      "home: { title: 'Home' }, admin: { title: 'TODO: the title of admin',",
      "notAllowed: { title: 'TODO: the title of the screen a person without the role sees',",
      "signOut: 'TODO: the sign-out button on a screen only a role may see' }, audit: { title: 'TODO: the title of audit',",
    ]);
    expect(() => addStrings('export const strings = load();\n', admin)).toThrow(
      'machines/strings.ts:1: expected the catalogue `export const strings = { … } as const;`, found `strings = load()`',
    );
  });

  it("adds a screen's assertion first, and moves its parent's title to the parent's index child", async () => {
    const spec: readonly [string, string] = [
      SPEC[0].replace("home: { heading: 'Welcome' }", "things: { heading: 'Things', title: strings.things.title }"),
      SPEC[1].replace(
        "home: { heading: 'Welcome' }",
        "things: {\n      heading: 'Things',\n      title: strings.things.title,\n    }",
      ),
    ];
    await expectSameEdit(
      spec,
      (source) => addAssertion(source, { id: 'thing', path: 'thing', parent: 'things' }, true),
      [
        "assertions: { thing: { heading: 'TODO: how a person sees #thing: its heading', title: strings.thing.title }, thingsIndex: { title: strings.things.title }, things: { heading: 'Things' } }",
      ],
    );
    expect(() =>
      addAssertion(SPEC[1].replace(/ {2}assertions: \{[^]*?\n {2}\},\n/, ''), { id: 'x', path: 'x' }),
    ).toThrow('tests/paths/productPaths.ts:4: expected `assertions: { … }` in the spec');
  });

  it("adds a root state before notFound, a child first in its parent's states, or the parent's states block", async () => {
    await expectSameEdit(MACHINE, (source) => addState(source, { id: 'things', path: 'things' }), [
      "home: { id: 'home' }, things: { id: 'things', route: {}, meta: { path: 'things', title: strings.things.title, nav: strings.things.nav } }, notFound: { id: 'notFound' }",
    ]);
    await expectSameEdit(MACHINE, (source) => addState(source, { id: 'x', path: 'x', parent: 'home' }), [
      "home: { id: 'home', initial: 'homeIndex', states: { homeIndex: { id: 'homeIndex' }, x: { id: 'x', route: {},",
    ]);
    const nested: readonly [string, string] = [
      MACHINE[0].replace("home: { id: 'home' }", "home: { id: 'home', states: { list: {} } }"),
      MACHINE[1].replace(
        "      home: { id: 'home' },",
        "      home: {\n        id: 'home',\n        states: {\n          list: {},\n        },\n      },",
      ),
    ];
    await expectSameEdit(nested, (source) => addState(source, { id: 'x', path: 'x', parent: 'home' }), [
      "home: { id: 'home', states: { x: { id: 'x', route: {},",
      '} }, list: {} } },',
    ]);
    // Before the catch-all when there is no notFound; the new screen's words are never the catch-all's.
    const catchAll = MACHINE[1].replace(
      "notFound: { id: 'notFound' }",
      "missing: { id: 'missing', meta: { path: '*' } }",
    );
    expect(holds(addState(catchAll, { id: 'x', path: 'x' }), "home: { id: 'home' }, x: {")).toBe(true);
    expect(holds(addState(catchAll, { id: 'x', path: 'x' }), "}, missing: { id: 'missing'")).toBe(true);
  });

  it("adds a later guarded screen's way on to #notAllowed's always list", async () => {
    // Formatted once, as the product holds it: Prettier's own parentheses are in every layout.
    const once = await prettier.format(addState(MACHINE[1], { id: 'admin', path: 'admin', role: 'admin' }), {
      parser: 'typescript',
      singleQuote: true,
      printWidth: 120,
    });
    await expectSameEdit(
      [once.replace(/always: \[\s*/, 'always: [').replace(/\},\s*\],/, '}],'), once],
      (source) => addState(source, { id: 'reports', path: 'reports', role: 'auditor' }),
      [
        "always: [{ guard: { type: 'mayReturnTo', params: { to: '#reports', role: 'auditor' } }, target: '#reports', actions: 'restoreReturnParams' }, { guard: { type: 'mayReturnTo', params: { to: '#admin'",
      ],
      // Prettier at 80 columns adds parentheses of its own around what it breaks; `once` is Prettier's already.
      'two layouts given',
    );
  });
});
