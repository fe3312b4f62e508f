import ts from 'typescript';
import { hasState, stateNode } from './anchors';
import { cap, todo, todoLine, type NewScreen } from './args';
import { ensureImport } from './edit';
import {
  findNode,
  insertBefore,
  insertFirstInArray,
  insertLast,
  objectValue,
  parse,
  property,
  ShapeError,
  unwrap,
} from './syntax';
import {
  addContextFromInput,
  addEvents,
  addInputType,
  addRootState,
  addToSetupBlock,
  contextHas,
  extendContextType,
  hasEventType,
} from './machineEdit';
import { addBehaviourSamples, addSpecEvents, addStoredInput, hasExecutor } from './specEdit';
import type { ScreenOption } from './option';
import { plainView } from './view';

/** Where a person without the role lands, one for the whole app (docs/access.md). */
export const NOT_ALLOWED = 'notAllowed';

/**
 * `--role <role>`: docs/access.md's recipe. The screen's guard (step 2): without the role it sends
 * itself to #notAllowed at once, keeping where it was going as a route (never a URL); signing out
 * there does the same. What every guarded screen shares is written by the first one: #notAllowed
 * at the root, the roles from input, the session events, their buttons and samples.
 */
export const role: ScreenOption = {
  applies: (screen) => Boolean(screen.role),
  // Every change of the session is remembered (src/session.ts): a reload keeps it.
  on: () => ["'session.signedOut': { actions: ['clearRoles', 'rememberSession'] }"],
  node: (screen, indent) => [
    `${indent}always: {`,
    `${indent}  guard: not({ type: 'hasRole', params: { role: '${screen.role}' } }),`,
    `${indent}  target: '#${NOT_ALLOWED}',`,
    `${indent}  actions: ['keep${cap(screen.id)}Target', 'rememberSession'],`,
    `${indent}},`,
  ],
  machine: (source, screen) => {
    const result = addAccessToSetup(source, screen);
    if (hasState(result, NOT_ALLOWED)) return addReturnTo(result, screen);
    return addRootState(result, notAllowedNode('', screen).replace(/\n$/, '').split('\n'));
  },
  sharedWords: (catalogue) =>
    property(catalogue, NOT_ALLOWED)
      ? []
      : [
          `  ${NOT_ALLOWED}: {`,
          `    title: ${todo('the title of the screen a person without the role sees')},`,
          `    heading: ${todo('its heading')},`,
          `    body: ${todo('why they see it, and what to do')},`,
          `    signIn: ${todo('the sign-in button')},`,
          `    home: ${todo('the link home when there is nothing to return to')},`,
          `    signOut: ${todo('the sign-out button on a screen only a role may see')},`,
          '  },',
          '',
        ],
  assertions: (_screen, existing) =>
    property(existing, NOT_ALLOWED)
      ? []
      : [`${NOT_ALLOWED}: { heading: strings.${NOT_ALLOWED}.heading, title: strings.${NOT_ALLOWED}.title },`],
  spec: addSessionEvents,
  // Its words, and the sign-out button (signed out, its guard sends it away).
  view: (screen) =>
    plainView(screen, {
      imports: ["import { strings } from '../../machines/strings';", "import { useSend } from '../appRouting';"],
      hooks: ['  const send = useSend();'],
      elements: [
        '      <button type="button" className="button" onClick={() => send({ type: \'session.signedOut\' })}>',
        `        {strings.${NOT_ALLOWED}.signOut}`,
        '      </button>',
      ],
    }),
  files: (screen, read) => [
    ...(read(`src/views/${NOT_ALLOWED}.view.tsx`) === undefined
      ? [[`src/views/${NOT_ALLOWED}.view.tsx`, notAllowedViewSource(screen.role ?? '')] as const]
      : []),
    // The session kept across a reload, written once: its schema, its store, and main.tsx's wiring.
    ...(read(SESSION_MODULE) === undefined ? [[SESSION_MODULE, sessionModuleSource()] as const] : []),
    ...(read(SESSION_STORE) === undefined ? [[SESSION_STORE, sessionStoreSource()] as const] : []),
    ...sessionWiring(read('src/main.tsx')).file,
  ],
  notes: (screen, read) => [
    ...sessionWiring(read('src/main.tsx')).notes,
    ...storedInputNote(read('tests/paths/productPaths.ts') ?? ''),
  ],
};

/** The session's schema and types: the machine's input, what src/session.ts stores (checked when read). */
const SESSION_MODULE = 'machines/session.ts';
/** Where the session is kept across a reload: sessionStorage, until the product's own session replaces it. */
const SESSION_STORE = 'src/session.ts';

function sessionModuleSource(): string {
  return [
    "import * as v from 'valibot';",
    '',
    '/**',
    ' * The session as the machine takes it (its input) and src/session.ts keeps it across a reload: the',
    ' * roles, and where a refused screen was going (a state id and its params, never a URL), so that',
    ' * /not-allowed means after a reload what it meant before (docs/access.md).',
    ' */',
    todoLine(
      '',
      "where the roles come from: src/session.ts keeps them in sessionStorage (per tab) until the product's session (a cookie, a token) replaces it",
    ),
    'export const returnTargetSchema = v.object({',
    "  to: v.custom<`#${string}`>((value) => typeof value === 'string' && /^#[\\w-]{1,64}$/.test(value)),",
    '  params: v.record(v.pipe(v.string(), v.maxLength(64)), v.union([v.pipe(v.string(), v.maxLength(2048)), v.number(), v.undefined()])),',
    '});',
    'export type ReturnTarget = v.InferOutput<typeof returnTargetSchema>;',
    '',
    'export const sessionSchema = v.object({',
    '  roles: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(32)),',
    '  returnTo: v.optional(returnTargetSchema),',
    '});',
    'export type Session = v.InferOutput<typeof sessionSchema>;',
    '',
    '/** The params a refused screen is kept with: its URL params (text and numbers), nothing else of the context. */',
    "export const keptParams = (params: Record<string, unknown>): ReturnTarget['params'] =>",
    '  Object.fromEntries(',
    "    Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'),",
    '  );',
    '',
  ].join('\n');
}

function sessionStoreSource(): string {
  return [
    "import { storage, storedRecord } from '@statechart/forms';",
    "import { sessionSchema } from '../machines/session';",
    '',
    '/**',
    " * The product's session source: the roles (and where a refused screen was going) in sessionStorage.",
    ' * A reload keeps them (src/main.tsx passes them to the machine as input), closing the tab forgets',
    ' * them as a session cookie would, and they are never in the URL. Read back through the schema: a',
    ' * stored value that does not match is dropped, never trusted.',
    ' */',
    'export const sessionStore = storedRecord({',
    '  key: storage.sessionKey,',
    '  version: 1,',
    '  schema: sessionSchema,',
    '  storage: () => sessionStorage,',
    '});',
    '',
  ].join('\n');
}

const REMEMBER =
  'rememberSession: ({ context }) => sessionStore.save({ roles: [...context.roles], returnTo: context.returnTo })';

/**
 * src/main.tsx with the session: read at start as the machine's input, and `rememberSession`
 * provided (it saves every change). Written as the template writes main.tsx; anything else is a
 * note saying what to add by hand.
 */
export function sessionWiring(source: string | undefined): {
  file: (readonly [string, string])[];
  notes: string[];
} {
  if (source === undefined || source.includes('sessionStore')) return { file: [], notes: [] };
  const byHand = (why: string) => ({
    file: [],
    notes: [
      `src/main.tsx: ${why}: pass input: sessionStore.load() to mountApp and provide { actions: { ${REMEMBER} } } (import { sessionStore } from './session'; docs/access.md, step 5)`,
    ],
  });
  const at = parse(source, 'src/main.tsx');
  const mount = findNode(
    at.tree,
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'mountApp',
  );
  const options = mount?.arguments[1] && unwrap(mount.arguments[1]);
  if (!options || !ts.isObjectLiteralExpression(options)) return byHand('no mountApp(container, { … }) call');
  if (property(options, 'input')) return byHand('mountApp has an input already (add the roles and returnTo to it)');
  const provide = property(options, 'provide');
  const provided = objectValue(provide);
  if (!provide || !provided || property(provided, 'actions'))
    return byHand('no "provide: { actors: … }" without actions to add rememberSession to');
  insertBefore(at, options, provide, [
    '// The session kept across a reload (src/session.ts): the roles, and where /not-allowed goes on to.',
    'input: sessionStore.load(),',
  ]);
  insertLast(at, provided, [`actions: { ${REMEMBER} }`]);
  const edited = at.text();
  return { file: [['src/main.tsx', ensureImport(edited, ['sessionStore'], './session', 'src/main.tsx')]], notes: [] };
}

/** What the role could not add to the spec's storedInput (a shape addStoredInput does not edit). */
function storedInputNote(spec: string): string[] {
  try {
    addStoredInput(spec, STORED_SESSION);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** What a reload keeps of the session, in the spec's storedInput. */
const STORED_SESSION =
  'roles: (snapshot.context as { roles: readonly string[] }).roles, returnTo: (snapshot.context as { returnTo?: unknown }).returnTo';

/**
 * #notAllowed's way on, one per guarded screen: shown while the screen it kept is allowed now
 * (signed in there, or Back or a link after signing in), it goes on to that screen, with the
 * params it was refused with. A transition, so the diagram draws it and the path tests take it.
 */
function returnEntry(screen: NewScreen, indent: string): string {
  return `${indent}{ guard: { type: 'mayReturnTo', params: { to: '#${screen.id}', role: '${screen.role ?? ''}' } }, target: '#${screen.id}', actions: 'restoreReturnParams' },`;
}

/** #notAllowed, written with the first guarded screen: its way on, and signing in there. */
function notAllowedNode(indent: string, screen: NewScreen): string {
  return [
    `${indent}${NOT_ALLOWED}: {`,
    `${indent}  id: '${NOT_ALLOWED}',`,
    `${indent}  route: {},`,
    `${indent}  meta: { path: 'not-allowed', title: strings.${NOT_ALLOWED}.title },`,
    `${indent}  always: [`,
    returnEntry(screen, `${indent}    `),
    `${indent}  ],`,
    `${indent}  on: { 'session.signedIn': { guard: 'hasReturnTarget', actions: ['setRoles', 'rememberSession'] } },`,
    `${indent}},`,
    '',
  ].join('\n');
}

/** A later guarded screen: its way on joins #notAllowed's `always` list. */
function addReturnTo(source: string, screen: NewScreen): string {
  const at = parse(source, 'machines/appMachine.ts');
  const node = stateNode(at, NOT_ALLOWED);
  const always = node && property(node, 'always');
  const list = always && ts.isPropertyAssignment(always) ? unwrap(always.initializer) : undefined;
  if (!list || !ts.isArrayLiteralExpression(list))
    throw new ShapeError(
      at,
      always ?? node,
      `#${NOT_ALLOWED} with an \`always: [ … ]\` list`,
      `add ${returnEntry(screen, '').trim()} to its always by hand (docs/access.md)`,
    );
  insertFirstInArray(at, list, [returnEntry(screen, '').trim().replace(/,$/, '')]);
  return at.text();
}

/**
 * What a guarded screen needs in setup, once per app: the roles from the machine's input and in
 * context, where a refused route was going (`returnTo`), the session events, `hasRole`,
 * `hasReturnTarget`, `mayReturnTo`, and the actions that set and clear roles and restore the
 * refused params; per screen, the
 * action that keeps its own route.
 */
function addAccessToSetup(source: string, screen: NewScreen): string {
  let result = ensureImport(source, ['assign', 'not'], 'xstate');
  result = ensureImport(result, ['keptParams', 'type ReturnTarget'], './session');
  const first = !contextHas(result, 'roles');
  if (first) {
    // The session as src/session.ts keeps it across a reload (machines/session.ts: its schema and types).
    result = addInputType(result, '{ roles?: readonly string[]; returnTo?: ReturnTarget }');
    result = extendContextType(result, ['roles: readonly string[]', 'returnTo?: ReturnTarget']);
    result = addContextFromInput(result, 'roles: input?.roles ?? [], returnTo: input?.returnTo');
    if (!hasEventType(result, 'session.signedIn'))
      result = addEvents(result, ["{ type: 'session.signedIn'; roles: readonly string[] }", 'session.signedOut']);
    result = addToSetupBlock(
      result,
      'guards',
      'hasRole: ({ context }, params: { role: string }) => context.roles.includes(params.role),',
    );
    result = addToSetupBlock(result, 'guards', 'hasReturnTarget: ({ context }) => context.returnTo !== undefined,');
    result = addToSetupBlock(
      result,
      'guards',
      'mayReturnTo: ({ context }, params: { to: string; role: string }) => context.returnTo?.to === params.to && context.roles.includes(params.role),',
    );
    result = addToSetupBlock(
      result,
      'actions',
      "setRoles: assign({ roles: ({ context, event }) => (event.type === 'session.signedIn' ? event.roles : context.roles) }),",
    );
    result = addToSetupBlock(result, 'actions', 'clearRoles: assign({ roles: [] }),');
    result = addToSetupBlock(
      result,
      'actions',
      'restoreReturnParams: assign({ params: ({ context }) => context.returnTo?.params ?? context.params }),',
    );
    // Storage is the app's (src/main.tsx provides it: src/session.ts), not the machine's.
    result = addToSetupBlock(result, 'actions', 'rememberSession: () => {},');
  }
  return addToSetupBlock(
    result,
    'actions',
    `keep${cap(screen.id)}Target: assign({ returnTo: ({ context }) => ({ to: '#${screen.id}' as const, params: keptParams(context.params) }) }),`,
  );
}

/**
 * The session events (once per spec): samples (signing in with the role), click executors on the
 * generated buttons, and the samples in `stateContext`, so that #notAllowed with a route to return
 * to and without one are two states to the path tests.
 */
function addSessionEvents(source: string, screen: NewScreen): string {
  if (hasExecutor(source, 'session.signedIn')) return source;
  const samples = [`{ type: 'session.signedIn', roles: ['${screen.role}'] }`, "{ type: 'session.signedOut' }"];
  const result = addSpecEvents(source, samples, [
    `'session.signedIn': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signIn }),`,
    `'session.signedOut': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signOut }),`,
  ]);
  // The session survives a reload (docs/access.md, step 5): the walks' reload keeps the roles and
  // the kept target (/not-allowed means after a reload what it meant before). A storedInput this
  // cannot edit is left as it is, and the command says what to add (storedInputNote).
  const sampled = addBehaviourSamples(result, samples);
  try {
    return addStoredInput(sampled, STORED_SESSION);
  } catch {
    return sampled;
  }
}

/**
 * #notAllowed's view: with a route to return to, a sign-in button (a placeholder: it grants the
 * role without asking anyone, until the product's sign-in replaces it); without one, a link home.
 */
export function notAllowedViewSource(role: string): string {
  return [
    "import { strings } from '../../machines/strings';",
    "import { Link, useMachineSelector, useSend } from '../appRouting';",
    "import { ScreenHeading } from '@statechart/react';",
    '',
    'export function View() {',
    '  const send = useSend();',
    '  const hasTarget = useMachineSelector((s) => s.context.returnTo !== undefined);',
    '  return (',
    '    <article className="screen">',
    `      <ScreenHeading>{strings.${NOT_ALLOWED}.heading}</ScreenHeading>`,
    `      <p>{strings.${NOT_ALLOWED}.body}</p>`,
    '      {hasTarget ? (',
    todoLine('        ', `the product's sign-in: this button grants the role without asking anyone`),
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
