import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, parseArgs } from '../src/args';
import { ensureImport } from '../src/edit';
import { addStoredInput } from '../src/specEdit';
import { addSubmitCall, addSubmitHandler, form, form as formOption, savesToNotes, savesToOf } from '../src/form';
import { addCall, addHandler } from '../src/loads';
import { addState } from '../src/machine';
import { notAllowedViewSource, role, sessionWiring } from '../src/role';
import { addAssertion } from '../src/spec';
import { addStrings } from '../src/strings';
import { withOutlet } from '../src/view';
import { indexViewSource, viewSource } from '../src/write';
import { parentView } from '../src/parent';

/**
 * A product as it starts (create-statechart-app's template: machines/, src/, server/, tests/ with its
 * path spec): the generators'
 * tests run on this fixture, never on the product's live files, so that a product which followed
 * every example of the docs still passes them.
 */
const SCAFFOLD = fileURLToPath(new URL('../../create-statechart-app/dist/template/', import.meta.url));
const read = (path: string) => readFileSync(join(SCAFFOLD, path), 'utf8');

describe('npm run new:screen (@statechart/cli)', () => {
  it('adds a routable state before not-found, with its path and the words it needs', () => {
    const source = addState(read('machines/appMachine.ts'), { id: 'things', path: 'things' });
    expect(source).toContain("      things: {\n        id: 'things',\n        route: {},");
    expect(source).toContain("meta: { path: 'things', title: strings.things.title, nav: strings.things.nav }");
    expect(source.indexOf("id: 'things'")).toBeLessThan(source.indexOf("id: 'notFound'"));
  });

  it('nests a state under a parent that has child states', () => {
    const parent = [
      'export const appMachine = setup({}).createMachine({',
      '  states: {',
      "    things: {\n      id: 'things',\n      route: {},\n      states: {\n        list: {},\n      },\n    },",
      '    notFound: {},',
      '  },',
      '});',
    ].join('\n');
    const source = addState(parent, { id: 'thing', path: ':id', parent: 'things' });
    expect(source).toContain("      states: {\n        thing: {\n          id: 'thing',");
  });

  it('gives a parent without child states its states block, an index child first, and the child', () => {
    const source = addState(read('machines/appMachine.ts'), { id: 'x', path: 'x', parent: 'home' });
    expect(source).toMatch(
      /id: 'home',\n[^]*?initial: 'homeIndex',\n {8}states: \{\n[^]*?homeIndex: \{ id: 'homeIndex' \},\n {10}x: \{\n {12}id: 'x',/,
    );
    expect(source.indexOf("initial: 'homeIndex'")).toBeLessThan(source.indexOf("id: 'notFound'"));
  });

  it('gives each :param an int parser and no nav, and imports int', () => {
    const source = addState(read('machines/appMachine.ts'), { id: 'thing', path: ':thingId' });
    expect(source).toContain("meta: { path: ':thingId', params: { thingId: int }, title: strings.thing.title },");
    expect(source).toMatch(/import \{[^}]*\bint\b[^}]*\} from '@statechart\/core';/);
    const block = addStrings(read('machines/strings.ts'), { id: 'thing', path: ':thingId' }).split('  thing: {')[1];
    expect(block).toContain("title: 'TODO: the title of thing ({thingId} is replaced by the param)'");
    expect(block).not.toContain('nav:');
  });

  it("moves a parent's title assertion to its new index child, and samples and fills a param in the child's", () => {
    const spec = [
      'import x;',
      'export const productSpec = makeSpec({',
      '  machine: appMachine,',
      "  params: { '*': ['/x'] },",
      '  assertions: {',
      "    things: { heading: 'Things', title: strings.things.title },",
      '  },',
      '});',
    ].join('\n');
    const source = addAssertion(spec, { id: 'thing', path: ':thingId', parent: 'things' }, true);
    expect(source).toContain("things: { heading: 'Things' },");
    expect(source).toContain('thingsIndex: { title: strings.things.title },');
    expect(source).toContain(
      "thing: { heading: 'TODO: how a person sees #thing: its heading', title: (params) => interpolate(strings.thing.title, params) },",
    );
    expect(source).toContain("params: { thingId: [5], '*'");
    expect(source).toMatch(/^import \{ interpolate \} from '@statechart\/core';/);
  });

  it('writes tabs: states with events and tags, labels in strings, pressed assertions, click executors', () => {
    const screen = parseArgs(['settings', 'settings', '--tabs', 'general,privacy']);
    expect(screen.tabs).toEqual(['general', 'privacy']);
    const machine = addState(read('machines/appMachine.ts'), screen);
    expect(machine).toContain("'settings.showPrivacy': '.privacy',");
    expect(machine).toContain("general: { id: 'settingsGeneral', tags: 'settingsGeneral' },");
    expect(machine).toMatch(
      /export type AppEvent =[^;]*\| \{ type: 'settings\.showGeneral' \} \| \{ type: 'settings\.showPrivacy' \};/,
    );
    expect(addStrings(read('machines/strings.ts'), screen)).toMatch(/tabs: \{\n {6}general: 'TODO: /);
    const spec = addAssertion(read('tests/paths/productPaths.ts'), screen);
    expect(spec).toContain('settingsPrivacy: { pressed: strings.settings.tabs.privacy },');
    expect(spec).toContain(
      "'settings.showGeneral': () => ({ do: 'click', role: 'button', name: strings.settings.tabs.general }),",
    );
    expect(spec).toContain("events: [{ type: 'settings.showPrivacy' }, { type: 'settings.showGeneral' }, ");
    expect(viewSource(screen)).toContain('aria-pressed={privacyShown}');
    expect(() => parseArgs(['s', 's', '--tabs', 'one'])).toThrow('two tab names or more');
  });

  it('types a param in a context type Prettier has broken over several lines (a product with a few params)', () => {
    const machine = read('machines/appMachine.ts').replace(
      'context: {} as RoutedContext<{ [URL_PARAM]: string }>',
      'context: {} as RoutedContext<{\n          [URL_PARAM]: string;\n          projectId: number;\n        }>',
    );
    expect(machine, 'the scaffold machine no longer has the context type this test breaks').toContain(
      'projectId: number;',
    );
    const written = addState(machine, parseArgs(['thing', ':thingId', '--loads']));
    expect(written).toMatch(/RoutedContext<\{\s*\[URL_PARAM\]: string;\s+projectId: number; thingId: number;\s*\}>/);
  });

  it("adds to a setup block written on one line (a product's own short actors block), never a second key", () => {
    const machine = read('machines/appMachine.ts').replace(
      '      actions: {\n',
      "      actors: { loadOwn: callPlaceholder<string, { id: number }>('loadOwn') },\n      actions: {\n",
    );
    expect(machine, 'the scaffold machine no longer has the setup this test adds to').toContain('actors: { loadOwn');
    const written = addState(machine, parseArgs(['thing', ':thingId', '--loads']));
    expect(written.match(/\n *actors: \{/g)).toHaveLength(1);
    expect(written).toMatch(
      /actors: \{\n *loadThing: callPlaceholder<ThingData, \{ thingId: number \}>\('loadThing'\),\n *loadOwn: callPlaceholder<string, \{ id: number \}>\('loadOwn'\),\n *\},/,
    );
  });

  it('writes a loading screen: loading / loaded / failed with Retry, the actor in setup, its data in context', () => {
    const screen = parseArgs(['thing', ':thingId', '--loads']);
    expect(screen.loads).toBe(true);
    const machine = addState(read('machines/appMachine.ts'), screen);
    expect(machine).toContain("loadThing: callPlaceholder<ThingData, { thingId: number }>('loadThing'),");
    expect(machine).toContain('input: ({ context }) => ({ thingId: context.params.thingId ?? 0 }),');
    expect(machine).toContain("onDone: { target: 'loaded', actions: assign({ thing: ({ event }) => event.output }) },");
    expect(machine).toContain("failed: { id: 'thingFailed', tags: 'thingFailed', on: { 'call.retry': 'loading' } },");
    // Its own error: two screens that load may both be shown, and both fail.
    expect(machine).toContain(
      'context: {} as RoutedContext<{ [URL_PARAM]: string; thingId: number }> & { thing?: ThingData; thingError?: CallError },',
    );
    expect(machine).toMatch(/export type AppEvent =[^;]*\| \{ type: 'call\.retry' \};/);
    expect(machine).toContain("onError: { target: 'failed', actions: 'keepThingError' },");
    expect(machine).toContain('keepThingError: assign({ thingError: ({ event }) =>');
    // A second loading screen shares the event; its error is its own.
    const twice = addState(machine, { id: 'other', path: 'other', loads: true });
    expect(twice.match(/type: 'call\.retry'/g)).toHaveLength(1);
    expect(twice).toContain('keepOtherError: assign(');
    expect(twice).toContain('& { other?: OtherData; otherError?: CallError },');
    expect(twice).toContain("loadOther: callPlaceholder<OtherData>('loadOther'),");

    const calls = addCall(read('src/api/calls.ts'), screen);
    expect(calls).toContain('getThing: defineCall<{ thingId: number }, ThingData>({');
    expect(calls).toContain('path: ({ thingId }) => `/api/thing/${encodeURIComponent(thingId)}`,');
    expect(calls).toMatch(/export const callActors = \{\n {2}loadThing: callActor\(calls\.getThing\),\n\} satisfies/);
    // Named by their keys (defineCalls), so a save's invalidates can name them.
    expect(calls).toContain('export const calls = defineCalls({');
    expect(calls).toContain('}) satisfies CallRegistry;');
    expect(calls).toMatch(/^import \* as v from 'valibot';/);
    expect(addHandler(read('server/handlers.ts'), screen)).toContain("'GET /api/thing/:thingId': ({ params }) =>");
    // A string in an answer is bounded: a 50 MB name is invalidPayload, not text that freezes the tab.
    expect(calls).toContain(`response: v.object({ name: v.pipe(v.string(), v.maxLength(${NAME_MAX_LENGTH})) }),`);

    const spec = addAssertion(read('tests/paths/productPaths.ts'), screen);
    expect(spec).toContain("loadThing: [{ output: { name: 'TODO: a sample answer of loadThing' } }, { error:");
    expect(spec).toContain("'call.retry': () => ({ do: 'click', role: 'button', name: errorStrings.retry }),");
    // Its failure's heading is its own words, in the catalogue the path tests read.
    expect(spec).toContain('thingFailed: { heading: strings.thing.notLoaded },');
    expect(spec).toContain('thingLoading: { absentHeading: strings.thing.notLoaded },');
    expect(addStrings(read('machines/strings.ts'), screen)).toContain(
      "notLoaded: 'TODO: the heading when thing did not load',",
    );
    const view = viewSource(screen);
    expect(view).toContain("s.hasTag('thingFailed')");
    expect(view).toContain('<CallFailed heading={strings.thing.notLoaded} error={error}');
    expect(view).toContain('useMachineSelector((s) => s.context.thingError)');
    // With a param, the answer kept may be another one's: shown once this one is loaded.
    expect(view).toContain("(s.hasTag('thingLoaded') ? s.context.thing : undefined)");
    expect(viewSource({ id: 'other', path: 'other', loads: true })).toContain(
      'useMachineSelector((s) => s.context.other);',
    );
    expect(view).toContain("retry={() => send({ type: 'call.retry' })}");
    // Tabs in a screen that loads: a parallel state, the call's region beside the tabs'.
    const both = parseArgs(['report', 'reports/:reportId', '--tabs', 'summary,details', '--loads']);
    const parallel = addState(read('machines/appMachine.ts'), both);
    expect(parallel).toMatch(/type: 'parallel',\n\s*states: \{\n\s*tab: \{\n\s*initial: 'summary',/);
    expect(parallel).toMatch(/\n\s*call: \{\n\s*initial: 'loading',/);
    expect(viewSource(both)).toContain('aria-pressed={summaryShown}');
    expect(viewSource(both)).toContain('<CallRegion busy={loading}>');
    expect(() => parseArgs(['s', 's', '--tabs', 'a,b', '--form'])).toThrow('--tabs and --form cannot be combined');
  });

  it("adds roles to a machine that already has an input, and to the spec's one storedInput", () => {
    // A machine whose context already comes from its input (a draft kept across reloads).
    const withInput = read('machines/appMachine.ts')
      .replace(/\n( *)context: \{\} as /, '\n$1input: {} as { draft?: string } | void,\n$1context: {} as ')
      .replace(/\n( *)context: \{ ([^\n]*) \},\n/, '\n$1context: ({ input }) => ({ $2 }),\n');
    expect(withInput).toContain('input: {} as { draft?: string } | void,');
    const machine = addState(withInput, parseArgs(['admin', 'admin', '--role', 'admin']));
    expect(machine).toContain(
      'input: {} as ({ draft?: string }) & { roles?: readonly string[]; returnTo?: ReturnTarget } | void,',
    );
    expect(machine.match(/\binput: \{\} as /g)).toHaveLength(1);
    expect(machine).toMatch(
      /context: \(\{ input \}\) => \(\{ [^\n]*, roles: input\?\.roles \?\? \[\], returnTo: input\?\.returnTo \}\),/,
    );

    // A spec whose storedInput spans lines gets the entry in it, not a second storedInput.
    const spec = read('tests/paths/productPaths.ts').replace(
      /\n( *)machine: ([^\n]*),\n/,
      '\n$1machine: $2,\n$1storedInput: (s) => ({\n$1  draft: undefined,\n$1}),\n',
    );
    const added = addStoredInput(spec, 'roles: snapshot.context.roles');
    expect(added.match(/storedInput/g)).toHaveLength(1);
    expect(added).toMatch(/storedInput: \(s\) => \(\{\n\s*roles: s\.context\.roles, draft: undefined,/);
    expect(() => addStoredInput(spec.replace('storedInput: (s) => ({', 'storedInput: keep(('), 'roles: x')).toThrow(
      'add roles: x to what it returns by hand',
    );
    // The block body docs/forms.md shows: the entry joins what it returns; one that is there stays.
    const block = read('tests/paths/productPaths.ts').replace(
      /\n( *)machine: ([^\n]*),\n/,
      '\n$1machine: $2,\n$1storedInput: (snapshot) => {\n$1  const form = draftOf(snapshot);\n$1  return { draft: form };\n$1},\n',
    );
    const joined = addStoredInput(block, 'roles: snapshot.context.roles');
    expect(joined).toMatch(/ {4}return \{ roles: snapshot\.context\.roles, draft: form \};/);
    expect(addStoredInput(joined, 'roles: other')).toBe(joined);
    // What it cannot edit is said, and the rest is written.
    const odd = spec.replace('storedInput: (s) => ({', 'storedInput: keep((');
    const notes = role.notes?.(parseArgs(['admin', 'admin', '--role', 'admin']), (path) =>
      path === 'tests/paths/productPaths.ts' ? odd : undefined,
    );
    expect(notes).toEqual([
      expect.stringContaining('add roles: (snapshot.context as { roles: readonly string[] }).roles'),
    ]);
  });

  it('writes a screen only a role may see: the guard, #notAllowed once, roles from input, the session events', () => {
    const screen = parseArgs(['admin', 'admin', '--role', 'admin']);
    expect(screen.role).toBe('admin');
    const machine = addState(read('machines/appMachine.ts'), screen);
    expect(machine).toContain("guard: not({ type: 'hasRole', params: { role: 'admin' } }),");
    expect(machine).toContain("target: '#notAllowed',");
    expect(machine).toContain(
      "on: { 'session.signedIn': { guard: 'hasReturnTarget', actions: ['setRoles', 'rememberSession'] } },",
    );
    // Every change of the session is remembered, and the kept params are the URL's (the session's schema).
    expect(machine).toContain("actions: ['keepAdminTarget', 'rememberSession'],");
    expect(machine).toContain('rememberSession: () => {},');
    expect(machine).toContain("import { keptParams, type ReturnTarget } from './session';");
    expect(machine).toContain(
      "{ guard: { type: 'mayReturnTo', params: { to: '#admin', role: 'admin' } }, target: '#admin', actions: 'restoreReturnParams' },",
    );
    expect(machine).toContain(
      'context: ({ input }) => ({ params: {}, roles: input?.roles ?? [], returnTo: input?.returnTo }),',
    );
    // Its session: the schema and types, the store, and main.tsx reading it and saving each change.
    const scaffoldFile = (path: string) => (existsSync(join(SCAFFOLD, path)) ? read(path) : undefined);
    const files = new Map(role.files?.(screen, scaffoldFile));
    expect(files.get('machines/session.ts')).toMatch(/\/\/ TODO: where the roles come from/);
    expect(files.get('src/session.ts')).toContain('schema: sessionSchema,');
    expect(files.get('src/main.tsx')).toContain('input: sessionStore.load(),');
    expect(files.get('src/main.tsx')).toContain(
      'provide: { actors: callActors, actions: { rememberSession: ({ context }) => sessionStore.save({ roles: [...context.roles], returnTo: context.returnTo }) } },',
    );
    expect(sessionWiring(read('src/main.tsx').replace('provide:', 'input: {},\n    provide:')).notes[0]).toContain(
      'src/main.tsx: mountApp has an input already',
    );
    // A second guarded screen shares #notAllowed, the roles and the session events; keeps its own route.
    const twice = addState(machine, { id: 'reports', path: 'reports', role: 'auditor' });
    expect(twice.match(/id: 'notAllowed'/g)).toHaveLength(1);
    expect(twice.match(/type: 'session\.signedIn'/g)).toHaveLength(1);
    expect(twice).toContain(
      "keepReportsTarget: assign({ returnTo: ({ context }) => ({ to: '#reports' as const, params: keptParams(context.params) }) }),",
    );
    // …and its own way on from #notAllowed, beside the first one's.
    expect(twice).toMatch(
      /always: \[\n\s*\{ guard: \{ type: 'mayReturnTo', params: \{ to: '#reports', role: 'auditor' \} \}, target: '#reports', actions: 'restoreReturnParams' \},\n\s*\{ guard: \{ type: 'mayReturnTo', params: \{ to: '#admin'/,
    );
    expect(() =>
      addState(machine.replace(/always: \[\n[^\]]*\],\n/, ''), { id: 'reports', path: 'reports', role: 'auditor' }),
    ).toThrow(
      /^machines\/appMachine\.ts:\d+: expected #notAllowed with an `always: \[ … \]` list, found `notAllowed: \{`: add \{ guard:/,
    );
    // Nested, the first guarded screen still puts #notAllowed at the root.
    const nested = addState(read('machines/appMachine.ts'), { id: 'x', path: 'x', parent: 'home', role: 'a' });
    expect(nested).toMatch(/\n {6}notAllowed: \{\n {8}id: 'notAllowed',/);
    const words = addStrings(read('machines/strings.ts'), screen);
    expect(words).toMatch(/ {2}notAllowed: \{\n {4}title: 'TODO: /);
    expect(
      addStrings(words, { id: 'reports', path: 'reports', role: 'auditor' }).match(/ {2}notAllowed: \{/g),
    ).toHaveLength(1);
    const spec = addAssertion(read('tests/paths/productPaths.ts'), screen);
    expect(spec).toContain(
      "'session.signedIn': () => ({ do: 'click', role: 'button', name: strings.notAllowed.signIn }),",
    );
    expect(spec).toContain('stateContext: behaviourOf(appMachine, [');
    expect(spec).toContain('notAllowed: { heading: strings.notAllowed.heading, title: strings.notAllowed.title },');
    expect(spec).toContain(
      'storedInput: (snapshot) => ({ roles: (snapshot.context as { roles: readonly string[] }).roles, returnTo: (snapshot.context as { returnTo?: unknown }).returnTo }),',
    );
    expect(notAllowedViewSource('admin')).toContain("send({ type: 'session.signedIn', roles: ['admin'] })");
    expect(viewSource(screen)).toContain("send({ type: 'session.signedOut' })");
    expect(() => parseArgs(['s', 's', '--role'])).toThrow('--role needs a camelCase role name');
  });

  it('writes a form: editing / submitting / saved | failed | savedBefore, refusal to leave with discard, the submit call and its handler', () => {
    const screen = parseArgs(['newThing', 'things/new', '--form']);
    expect(screen.form).toBe(true);
    const machine = addState(read('machines/appMachine.ts'), screen);
    expect(machine).toContain("on: { ...refuseLeavingWhile('isNewThingDirty') },");
    expect(machine).toContain(
      "'newThing.discard': { guard: 'isNewThingDirty', actions: ['discardNewThing', { type: 'clearNewThingDraft', params: { ended: 'discarded' } }] },",
    );
    expect(machine).toContain(
      "{ guard: 'hasNewThingServerErrors', target: 'editing', actions: 'showNewThingServerErrors' },",
    );
    expect(machine).toContain(
      "submitNewThing: callPlaceholder<{ id: number } | undefined, Submission<NewThingInput>>('submitNewThing'),",
    );
    // One Idempotency-Key per submit: made when it is taken, sent with the call, kept by Try again.
    expect(machine).toContain("{ guard: 'isNewThingValid', target: 'submitting', actions: 'beginNewThingSubmit' },");
    expect(machine).toContain('input: ({ context }) => submission(context.newThing),');
    expect(machine).toContain(
      'beginNewThingSubmit: assign({ newThing: ({ context }) => submitted(context.newThing) }),',
    );
    expect(machine).toContain('context: { params: {}, newThing: emptyForm(emptyNewThing) },');
    expect(machine).toMatch(
      /\| \{ type: 'newThing\.change'; field: NewThingField; value: string \} \| \{ type: 'newThing\.submit' \}/,
    );
    expect(machine).toMatch(/\/\/ TODO: keep #newThing's draft across reloads/);
    // How the draft ended, for other tabs (docs/persistence.md): the app provides clearNewThingDraft.
    expect(machine).toContain(
      "actions: ['markNewThingSaved', { type: 'clearNewThingDraft', params: { ended: 'saved' } }]",
    );
    expect(machine).toContain('clearNewThingDraft: (_, params: { ended: DraftEnd }) => void params,');
    // "Saved already" (docs/forms.md): the edits kept, saved as new with a new key, never the spent one again.
    expect(machine).toContain(
      "{ guard: 'isNewThingSavedBefore', target: 'savedBefore', actions: ['noteNewThingFailure'] },",
    );
    expect(machine).toContain(
      "savedBefore: { id: 'newThingSavedBefore', tags: 'newThingSavedBefore', on: { 'newThing.saveAsNew': { target: 'submitting', actions: 'beginNewThingSubmit' }, 'newThing.edit': 'editing' } },",
    );
    expect(machine).toContain(
      "isNewThingSavedBefore: ({ event }) => 'error' in event && toCallError(event.error).code === 'savedBefore',",
    );
    // With a guarded screen after it: one `on` for both, and the roles join the form in the context.
    const guarded = addState(machine, { id: 'newSecret', path: 'secrets/new', form: true, role: 'admin' });
    expect(guarded).toContain(
      "on: { ...refuseLeavingWhile('isNewSecretDirty'), 'session.signedOut': { actions: ['clearRoles', 'rememberSession'] } },",
    );
    expect(guarded).toContain(
      'context: ({ input }) => ({ params: {}, newThing: emptyForm(emptyNewThing), newSecret: emptyForm(emptyNewSecret), roles: input?.roles ?? [], returnTo: input?.returnTo }),',
    );
    // After a guarded screen: the context is a function of the input by then.
    const afterRole = addState(
      addState(read('machines/appMachine.ts'), parseArgs(['admin', 'admin', '--role', 'admin'])),
      screen,
    );
    expect(afterRole).toContain(
      'context: ({ input }) => ({ params: {}, roles: input?.roles ?? [], returnTo: input?.returnTo, newThing: emptyForm(emptyNewThing) }),',
    );
    const calls = addSubmitCall(read('src/api/calls.ts'), screen);
    expect(calls).toContain('submitNewThing: callActor(calls.saveNewThing),');
    expect(calls).toContain('idempotencyKey: ({ idempotencyKey }) => idempotencyKey,');
    expect(calls).toMatch(/^import \{[^}]*\btype Submission\b[^}]*\} from '@statechart\/calls';/m);
    // Refused as saved before, the key's first values are sent again: the answer says what was saved.
    expect(calls).toContain('firstInput: firstSubmission,');
    expect(calls).toMatch(/^import \{[^}]*\bfirstSubmission\b[^}]*\} from '@statechart\/calls';/m);
    expect(addSubmitHandler(read('server/handlers.ts'), screen)).toContain(
      'return { status: 422, body: { fieldErrors } };',
    );
    // A 2xx without a body (204) is a save; the name is bounded in the form, its words and the handler.
    expect(calls).toContain('response: v.optional(v.object({ id: v.number() })),');
    expect(calls).toContain('saveNewThing: defineCall<Submission<NewThingInput>, { id: number } | undefined>({');
    expect(addSubmitHandler(read('server/handlers.ts'), screen)).toContain(`v.maxLength(${NAME_MAX_LENGTH})`);
    const scaffoldFile = (path: string) => (existsSync(join(SCAFFOLD, path)) ? read(path) : undefined);
    const [[, module = ''] = []] = form.files?.(screen, scaffoldFile) ?? [];
    expect(module).toContain(`v.maxLength(${NAME_MAX_LENGTH}, strings.newThing.tooLong),`);
    expect(module).toContain('formDraftSchema<NewThingField>(');
    const spec = addAssertion(read('tests/paths/productPaths.ts'), screen);
    expect(spec).toContain('newThingSaved: { heading: strings.newThing.saved },');
    expect(spec).toContain("'newThing.new': () => ({ do: 'click', role: 'button', name: strings.newThing.another }),");
    expect(spec).toContain('newThingSavedBefore: { heading: formStrings.savedBefore },');
    expect(spec).toContain("{ error: { code: 'savedBefore', status: 422 } }],");
    expect(spec).toContain(
      "'newThing.saveAsNew': () => ({ do: 'click', role: 'button', name: strings.newThing.saveAsNew }),",
    );
    // Through the form's public helpers: refusesLeaving is @statechart/core/internal, which lint refuses in a product.
    expect(spec).toContain(
      'when: (snapshot) => isDirty((snapshot.context as { newThing: FormState<NewThingField> }).newThing)',
    );
    expect(spec).not.toContain('refusesLeaving');
    expect(spec).toContain("stateContext: behaviourOf(appMachine, [{ type: 'newThing.change'");
    // The view calls the framework's form, a few lines: no markup of the form is pasted into it.
    const view = viewSource(screen);
    expect(view).toContain("import { FormScreen } from '@statechart/forms';");
    expect(view).toContain("discard: () => send({ type: 'newThing.discard' }),");
    expect(view).toContain("saveAsNew: () => send({ type: 'newThing.saveAsNew' }),");
    expect(view).toContain("s.hasTag('newThingFailed') || s.hasTag('newThingSavedBefore') ? 'failed'");
    expect(view).not.toMatch(/<form|<input|<button/);
    expect(view.split('\n').length).toBeLessThan(45);
    expect(() => parseArgs(['s', 's', '--loads', '--form'])).toThrow('--loads and --form cannot be combined');
  });

  it('adds imports once, to the line that has the module', () => {
    const source = "import { a } from 'm';\nx;\n";
    expect(ensureImport(source, ['b', 'type C'], 'm')).toBe("import { a, b, type C } from 'm';\nx;\n");
    expect(ensureImport(source, ['a'], 'm')).toBe(source);
    expect(ensureImport(source, ['z'], './n')).toBe(`import { z } from './n';\n${source}`);
  });

  it('puts an <Outlet /> in a generated parent view, once', () => {
    const parent = withOutlet(viewSource({ id: 'things', path: 'things' })) ?? '';
    expect(parent).toContain('      <Outlet />\n    </article>');
    expect(withOutlet(parent)).toBeNull();
  });

  it('refuses a duplicate id, an unknown parent and a bad id', () => {
    const machine = read('machines/appMachine.ts');
    expect(() => addState(machine, { id: 'home', path: 'x' })).toThrow('already has a state #home');
    expect(() => addState(machine, { id: 'x', path: 'x', parent: 'nope' })).toThrow('no state #nope');
    expect(() => parseArgs(['Things', 'things'])).toThrow('not a camelCase state id');
    expect(() => parseArgs(['things'])).toThrow('usage');
    expect(() => parseArgs(['things', '--loads'])).toThrow('needs its state id and its path');
    // A typo in an option fails instead of writing a plain screen.
    expect(() => parseArgs(['things', 'things', '--lists'])).toThrow('unknown option "--lists": nothing was written');
    expect(() => parseArgs(['things', 'things', 'extra'])).toThrow('unexpected word "extra"');
    expect(parseArgs(['things', 'things', '--tabs', 'a,b', '--role', 'admin', '--parent', 'home'])).toEqual({
      id: 'things',
      path: 'things',
      parent: 'home',
      tabs: ['a', 'b'],
      role: 'admin',
    });
    expect(parseArgs(['thing', ':id', '--parent', 'things'])).toEqual({ id: 'thing', path: ':id', parent: 'things' });
  });

  it('puts a child of a screen that loads beside its call: a parallel state, the index with a URL', () => {
    const loads = addState(read('machines/appMachine.ts'), parseArgs(['things', 'things', '--loads']));
    const once = addState(loads, parseArgs(['thing', ':thingId', '--parent', 'things']));
    expect(once).toMatch(/id: 'things',[\s\S]*?type: 'parallel',\n\s*states: \{\n\s*call: \{\n\s*initial: 'loading',/);
    expect(once).toMatch(/shown: \{\n\s*initial: 'thingsIndex',/);
    expect(once).toContain(
      "thingsIndex: { id: 'thingsIndex', route: {}, meta: { path: '', title: strings.things.title } },",
    );
    // The call's states moved, whole, into the call region: none is left among the children.
    expect(once.match(/id: 'thingsLoading'/g)).toHaveLength(1);
    expect(once.indexOf("id: 'thingsLoading'")).toBeLessThan(once.indexOf('shown: {'));
    expect(once.indexOf("id: 'thing',")).toBeGreaterThan(once.indexOf("id: 'thingsIndex'"));
    // A second child joins the first in `shown`.
    const twice = addState(once, { id: 'thingNotes', path: 'notes', parent: 'things' });
    expect(twice.match(/type: 'parallel'/g)).toHaveLength(1);
    expect(twice.indexOf("id: 'thingNotes'")).toBeGreaterThan(twice.indexOf("id: 'thingsIndex'"));
    // A child that loads too: its own call and error beside the list's, in `shown`.
    const loading = addState(once, parseArgs(['other', 'other/:otherId', '--parent', 'things', '--loads']));
    expect(loading.indexOf("id: 'otherLoading'")).toBeGreaterThan(loading.indexOf('shown: {'));
    expect(loading).toContain("onError: { target: 'failed', actions: 'keepOtherError' },");
    expect(loading).toContain("onError: { target: 'failed', actions: 'keepThingsError' },");
    // A screen that loads in another shape is named, with what to do by hand.
    const tabbed = addState(
      read('machines/appMachine.ts'),
      parseArgs(['report', 'reports', '--loads', '--tabs', 'a,b']),
    );
    expect(() => addState(tabbed, { id: 'part', path: 'part', parent: 'report' })).toThrow(
      /^machines\/appMachine\.ts:\d+: expected #report as new:screen writes a screen that loads \(`initial: 'loading'`, then its call's states\), found `report: \{`/,
    );
  });

  it('writes a list: a page of items that loads, the page in the URL, a pager, its items linked to a child', () => {
    const list = parseArgs(['things', 'things', '--list']);
    expect(list).toMatchObject({ loads: true, list: true });
    const machine = addState(read('machines/appMachine.ts'), list);
    expect(machine).toContain("meta: { path: 'things', search: { page: int }, title: strings.things.title,");
    expect(machine).toContain("entry: 'keepThingsPage',");
    expect(machine).toContain('input: ({ context }) => ({ page: context.params.page ?? 1 }),');
    // Another ?page (a pager link, Back) loads that page, from loaded or failed.
    expect(machine).toContain(
      "loaded: { id: 'thingsLoaded', tags: 'thingsLoaded', always: { guard: 'otherThingsPage', target: 'loading' } },",
    );
    expect(machine).toContain('otherThingsPage: ({ context }) => (context.params.page ?? 1) !== context.thingsPage,');
    expect(machine).toContain('RoutedContext<{ [URL_PARAM]: string; page: number }>');
    expect(machine).toMatch(/export interface ThingsData \{\n {2}items: ThingsItem\[\];\n {2}pages: number;/);
    const calls = addCall(read('src/api/calls.ts'), list);
    expect(calls).toContain('path: ({ page }) => `/api/things?page=${page}`,');
    expect(addHandler(read('server/handlers.ts'), list)).toContain("'GET /api/things': ({ query }) => {");
    const spec = addAssertion(read('tests/paths/productPaths.ts'), list);
    expect(spec).toContain('search: { page: [2] }');
    expect(spec).toContain(
      "loadThings: [{ output: { items: [{ id: 5, name: 'TODO: a sample item of loadThings' }], pages: 2 } }",
    );
    const view = viewSource(list);
    expect(view).toContain('<nav className="pager" aria-label={words.pages}>');
    expect(view).toContain('<li key={item.id}>{item.name}</li>');
    expect(() => parseArgs(['s', 's', '--list', '--tabs', 'a,b'])).toThrow('--list and --tabs cannot be combined');

    // Its detail: the items become links to it (the page kept), the Outlet goes beside the list.
    const detail = parseArgs(['thing', ':thingId', '--parent', 'things', '--loads']);
    const views = new Map([['src/views/things.view.tsx', view]]);
    const { file, notes } = parentView('things', detail, (path) => views.get(path));
    expect(notes).toEqual([]);
    expect(file?.[1]).toContain(
      '<Link to="#thing" params={{ thingId: item.id, page: pageParam(page) }}>{item.name}</Link>',
    );
    expect(file?.[1]).toContain('        <Outlet />\n      </div>\n    </article>');
    // A list whose items' line was edited (its fields written) keeps it, and the note says what to link.
    const edited = new Map([['src/views/things.view.tsx', view.replace('{item.name}</li>', '{item.title}</li>')]]);
    const written = parentView('things', detail, (path) => edited.get(path));
    expect(written.file?.[1]).toContain('<li key={item.id}>{item.title}</li>');
    expect(written.notes).toEqual([
      expect.stringContaining(
        'src/views/things.view.tsx: link each item of the list to #thing (its line is no longer the <li key={item.id}>{item.name}</li> that --list wrote',
      ),
    ]);
    expect(written.notes[0]).toContain('<Link to="#thing" params={{ thingId: item.id, page: pageParam(page) }}>');
    // The detail shows in a column of the list's .list-detail: its region is its root, its heading
    // level with the list's first item.
    expect(viewSource(detail)).toMatch(/return \(\n\s*<CallRegion busy=\{loading\}>/);
    expect(viewSource(detail)).not.toContain('<article');
    // The index (the list's URL) has a view with a heading of its own: the shell focuses it on Back.
    expect(indexViewSource('things')).toContain('<ScreenHeading level={2}>{words.heading}</ScreenHeading>');

    // A form under the list's URL saves into it: the list's call made stale, the notice linked.
    const both = addState(addState(machine, detail), parseArgs(['newThing', 'things/new', '--form']));
    const savesTo = savesToOf(both, parseArgs(['newThing', 'things/new', '--form']));
    expect(savesTo).toEqual({ list: 'things', detail: { id: 'thing', param: 'thingId' } });
    const form = { ...parseArgs(['newThing', 'things/new', '--form']), savesTo };
    expect(addSubmitCall(calls, form)).toMatch(
      /saveNewThing: defineCall<[^]*?invalidates: \['getThings'\],\n {2}\}\),/,
    );
    expect(addState(machine, form)).toContain('assign({ savedNewThingId: ({ event }) => event.output?.id }),');
    // "Saved already" links to what the key saved: its id, from the refusal (firstInput sent the first values again).
    expect(addState(machine, form)).toContain(
      "actions: ['noteNewThingFailure', assign({ savedNewThingId: ({ event }) => newThingSavedBeforeId(event.error) })] },",
    );
    const scaffold = (path: string) => (existsSync(join(SCAFFOLD, path)) ? read(path) : undefined);
    const [[, module = ''] = []] = formOption.files?.(form, scaffold) ?? [];
    expect(module).toContain('export function newThingSavedBeforeId(error: unknown): number | undefined {');
    expect(addAssertion(read('tests/paths/productPaths.ts'), form)).toContain(
      "{ error: { code: 'savedBefore', status: 422, saved: { id: 1 } } }],",
    );
    expect(viewSource(form)).toContain(
      'savedLink={savedId === undefined ? undefined : <Link to="#thing" params={{ thingId: savedId }}>{words.open}</Link>}',
    );
    // No list at its URL: said, with what to add by hand.
    const alone = parseArgs(['newOther', 'others/new', '--form']);
    expect(savesToOf(both, alone)).toBeUndefined();
    expect(savesToNotes(alone)[0]).toContain("add invalidates: ['<the list's call>'] to saveNewOther");
  });

  it('writes placeholder words, a placeholder assertion and a view that uses the words', () => {
    const screen = { id: 'things', path: 'things' };
    expect(addStrings(read('machines/strings.ts'), screen)).toMatch(/ {2}things: \{\n {4}title: 'TODO: /);
    expect(addAssertion(read('tests/paths/productPaths.ts'), screen)).toContain("things: { heading: 'TODO: ");
    expect(viewSource(screen)).toContain('<ScreenHeading>{words.heading}</ScreenHeading>');
    expect(viewSource(screen)).toMatch(/heading: 'TODO: /);
    // Only what the machine needs; the view's own words stay in its chunk.
    const block = addStrings(read('machines/strings.ts'), screen).split('  things: {')[1]?.split('  },')[0];
    expect(block).toContain('title:');
    expect(block).not.toContain('body:');
  });

  // One copy, every generator, then the gates a user meets: the placeholder gate names what is
  // left; once the placeholders are written, tsc, ESLint and Prettier on what was written, and the
  // product's path tests at machine and DOM level and its random walk pass. One test, not one per
  // generator: the checks cost more than the generators.
  //
  // Its cost (docs/BENCHMARKS.md, "`new:screen`: the copy test, and a new user's trial"): before, 39–137 s and
  // 54–58 s of CPU on the shared 2-core machine (the whole-program tsc 37–39% of it, the Vitest run
  // 21%, nine tsx processes for the generators and the gate 30%, ESLint 6–10%); now 24–122 s and
  // 44–48 s of CPU, measured side by side (39–41 s → 24–26 s in the quietest pairs). The command
  // line runs once as a person runs it and the other five generators call its function
  // (runNewScreen); the gate is the copy's own module (tsImport); Prettier and ESLint run through
  // their APIs; the type check is tsc's program with the checker limited to the files written and
  // every file importing one of them (packages/cli/test/affectedTypes.ts says why that is all a change
  // can break), in a process of its own, beside the path tests, which stay one Vitest process of
  // the copy's own test files.
  //
});
