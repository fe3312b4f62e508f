import { cap, todo, todoLine, type NewScreen } from './args';
import {
  addBehaviourSamples,
  addEvents,
  addSpecEvents,
  addStoredInput,
  addToSetupBlock,
  contextType,
  ensureImport,
} from './edit';
import type { ScreenOption } from './option';
import { plainView } from './view';

/** Where a person without the role lands, one for the whole app (docs/access.md). */
export const NOT_ALLOWED = 'notAllowed';

const hasNotAllowed = (machine: string) => machine.includes(`id: '${NOT_ALLOWED}'`);

/**
 * `--role <role>`: docs/access.md's recipe. The screen's guard (step 2): without the role it sends
 * itself to #notAllowed at once, keeping where it was going as a route (never a URL); signing out
 * there does the same. What every guarded screen shares is written by the first one: #notAllowed
 * at the root, the roles from input, the session events, their buttons and samples.
 */
export const role: ScreenOption = {
  applies: (screen) => Boolean(screen.role),
  on: () => ["'session.signedOut': { actions: 'clearRoles' }"],
  node: (screen, indent) => [
    `${indent}always: {`,
    `${indent}  guard: not({ type: 'hasRole', params: { role: '${screen.role}' } }),`,
    `${indent}  target: '#${NOT_ALLOWED}',`,
    `${indent}  actions: 'keep${cap(screen.id)}Target',`,
    `${indent}},`,
  ],
  machine: (source, screen) => {
    const result = addAccessToSetup(source, screen);
    if (hasNotAllowed(result)) return addReturnTo(result, screen);
    const notFound = /\n( *)notFound: \{/.exec(result);
    if (!notFound) throw new Error(`machines/appMachine.ts: no root state "notFound" to put #${NOT_ALLOWED} before`);
    return (
      result.slice(0, notFound.index + 1) + notAllowedNode(notFound[1] ?? '', screen) + result.slice(notFound.index + 1)
    );
  },
  sharedWords: (source) =>
    /\n {2}notAllowed: \{/.test(source)
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
  assertions: (_screen, indent, spec) =>
    /\n *notAllowed: \{/.test(spec)
      ? []
      : [`${indent}${NOT_ALLOWED}: { heading: strings.${NOT_ALLOWED}.heading, title: strings.${NOT_ALLOWED}.title },`],
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
  files: (screen, read) =>
    read(`src/views/${NOT_ALLOWED}.view.tsx`) === undefined
      ? [[`src/views/${NOT_ALLOWED}.view.tsx`, notAllowedViewSource(screen.role ?? '')]]
      : [],
};

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
    `${indent}  on: { 'session.signedIn': { guard: 'hasReturnTarget', actions: 'setRoles' } },`,
    `${indent}},`,
    '',
  ].join('\n');
}

/** A later guarded screen: its way on joins #notAllowed's `always` list. */
function addReturnTo(source: string, screen: NewScreen): string {
  const key = new RegExp(`\\n( *)${NOT_ALLOWED}: \\{\\n`).exec(source);
  const indent = key?.[1] ?? '';
  const end = key ? source.indexOf(`\n${indent}},`, key.index + 1) : -1;
  const list = key ? source.slice(key.index, end).indexOf(`\n${indent}  always: [\n`) : -1;
  if (!key || end < 0 || list < 0) {
    throw new Error(
      `machines/appMachine.ts: #${NOT_ALLOWED} has no \`always: [\` list to add #${screen.id}'s way on to: add ${returnEntry(screen, '').trim()} to its always by hand (docs/access.md)`,
    );
  }
  const at = key.index + list + `\n${indent}  always: [\n`.length;
  return source.slice(0, at) + returnEntry(screen, `${indent}    `) + '\n' + source.slice(at);
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
  const first = !/\broles: readonly string\[\]/.test(result);
  if (first) {
    const input = /\n( *)input: \{\} as ([^\n]*),\n/.exec(result);
    if (input) {
      // The machine has an input already (a draft, a setting): the roles join it.
      const type = input[2]!.replace(/\s*\|\s*void$/, '');
      const optional = type !== input[2];
      result = result.replace(
        input[0],
        `\n${input[1]}input: {} as (${type}) & { roles?: readonly string[]; returnTo?: { to: \`#\${string}\`; params: Record<string, unknown> } }${optional ? ' | void' : ''},\n`,
      );
    }
    const types = contextType(result);
    const lineStart = result.lastIndexOf('\n', types.start) + 1;
    result =
      result.slice(0, lineStart) +
      [
        todoLine(
          types.indent,
          `where the roles come from (the session: a cookie, a token), read in src/main.tsx and passed as input, with the kept returnTo (sessionStorage: a reload of /not-allowed keeps its way on)`,
        ),
        ...(input
          ? []
          : [
              `${types.indent}input: {} as { roles?: readonly string[]; returnTo?: { to: \`#\${string}\`; params: Record<string, unknown> } } | void,`,
            ]),
        `${types.indent}context: {} as ${types.type} & { roles: readonly string[]; returnTo?: { to: \`#\${string}\`; params: Record<string, unknown> } }`,
      ].join('\n') +
      result.slice(types.end);
    const context = /\n( *)context: \{ ([^\n]*) \},\n/.exec(result);
    const fromInput = /\n( *)context: \(\{ input \}\) => \(\{ ([^\n]*) \}\),\n/.exec(result);
    if (context) {
      result = result.replace(
        context[0],
        `\n${context[1]}context: ({ input }) => ({ ${context[2]}, roles: input?.roles ?? [], returnTo: input?.returnTo }),\n`,
      );
    } else if (fromInput) {
      result = result.replace(
        fromInput[0],
        `\n${fromInput[1]}context: ({ input }) => ({ ${fromInput[2]}, roles: input?.roles ?? [], returnTo: input?.returnTo }),\n`,
      );
    } else {
      throw new Error(
        "machines/appMachine.ts: the machine's context is not a one-line object or function of its input: add roles: input?.roles ?? [], returnTo: input?.returnTo to it by hand (docs/access.md)",
      );
    }
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
  }
  return addToSetupBlock(
    result,
    'actions',
    `keep${cap(screen.id)}Target: assign({ returnTo: ({ context }) => ({ to: '#${screen.id}' as const, params: { ...context.params } }) }),`,
  );
}

/**
 * The session events (once per spec): samples (signing in with the role), click executors on the
 * generated buttons, and the samples in `stateContext`, so that #notAllowed with a route to return
 * to and without one are two states to the path tests.
 */
function addSessionEvents(source: string, screen: NewScreen): string {
  if (source.includes("'session.signedIn':")) return source;
  const samples = [`{ type: 'session.signedIn', roles: ['${screen.role}'] }`, "{ type: 'session.signedOut' }"];
  const result = addSpecEvents(source, samples, [
    `'session.signedIn': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signIn }),`,
    `'session.signedOut': () => ({ do: 'click', role: 'button', name: strings.${NOT_ALLOWED}.signOut }),`,
  ]);
  // The session survives a reload (docs/access.md, step 5): the walks' reload keeps the roles.
  return addStoredInput(
    addBehaviourSamples(result, samples),
    // The kept target too: /not-allowed means after a reload what it meant before (its way on).
    'roles: (snapshot.context as { roles: readonly string[] }).roles, returnTo: (snapshot.context as { returnTo?: unknown }).returnTo',
  );
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
