import { cap, headingTag, NAME_MAX_LENGTH, todo, todoLine, type NewScreen } from './args';
import { addToCallRegistry, addBeforeDeclaration, addToObject, ensureImport, importValibot } from './edit';
import { addEvents, addToInitialContext, addToSetupBlock, extendContextType } from './machineEdit';
import { addBehaviourSamples, addSpecEvents, addToSpecBlock } from './specEdit';
import { callNames } from './loads';
import type { ScreenOption } from './option';
import { hasState, routedStates, stateNode } from './anchors';
import { parse } from './syntax';

/** The form's states, as their ids end (`newProjectSavedBefore`). */
type FormStateName = 'Editing' | 'Submitting' | 'Saved' | 'Failed' | 'SavedBefore';

/** The names a form's pieces share, from the screen's id (`newProject`: `NewProjectField`, `newProject.submit`…). */
export const formNames = ({ id }: NewScreen) => {
  const name = cap(id);
  return {
    module: `${id}Form`,
    fields: `${id}Fields`,
    field: `${name}Field`,
    input: `${name}Input`,
    empty: `empty${name}`,
    schema: `${id}Schema`,
    isChange: `is${name}Change`,
    codes: `${id}ServerCodes`,
    draftSchema: `${id}DraftSchema`,
    actor: `submit${name}`,
    call: `save${name}`,
    api: `/api/${id}`,
    event: (verb: 'change' | 'submit' | 'retry' | 'edit' | 'saveAsNew' | 'new' | 'discard') => `${id}.${verb}`,
    guard: {
      dirty: `is${name}Dirty`,
      change: `isValid${name}Change`,
      valid: `is${name}Valid`,
      serverErrors: `has${name}ServerErrors`,
      savedBefore: `is${name}SavedBefore`,
    },
    action: {
      start: `start${name}`,
      set: `set${name}Field`,
      refuse: `refuse${name}`,
      begin: `begin${name}Submit`,
      saved: `mark${name}Saved`,
      serverErrors: `show${name}ServerErrors`,
      failure: `note${name}Failure`,
      discard: `discard${name}`,
      saveDraft: `save${name}Draft`,
      clearDraft: `clear${name}Draft`,
    },
    /** The id the save answered: the saved notice links to it. */
    savedId: `saved${name}Id`,
    /** The id a save refused as saved before answered for its first values (`firstInput`): that notice links to it. */
    savedBeforeId: `${id}SavedBeforeId`,
    state: (sub: FormStateName) => `${id}${sub}`,
  };
};

/**
 * The list a form saves into, found in the machine (a form is written after its list): its parent
 * when that loads, else the screen that loads at the form's URL less its last segment
 * (`projects/new` → the state whose path is `projects`), and that list's detail: its child with one
 * param (`:projectId`). Undefined when there is none: the notes say what to add by hand.
 */
export function savesToOf(machine: string, screen: NewScreen): NewScreen['savesTo'] {
  const at = parse(machine, 'machines/appMachine.ts');
  const loads = (id: string) => hasState(machine, `${id}Loading`);
  const prefix = screen.path.split('/').slice(0, -1).join('/');
  const byPath = prefix ? routedStates(at).find(({ path }) => path === prefix)?.id : undefined;
  const list = screen.parent && loads(screen.parent) ? screen.parent : byPath && loads(byPath) ? byPath : undefined;
  const own = list === undefined ? undefined : stateNode(at, list);
  if (!list || !own) return undefined;
  // Its detail: a state under it whose path is one `:param` it parses.
  const detail = routedStates(at, own).find(
    ({ path, params }) => path.startsWith(':') && !path.includes('/') && params,
  );
  return { list, ...(detail ? { detail: { id: detail.id, param: detail.path.slice(1) } } : {}) };
}

/** What a form could not find to write: the list it saves into, or that list's detail. */
export function savesToNotes(screen: NewScreen): string[] {
  if (!screen.form) return [];
  const n = formNames(screen);
  if (!screen.savesTo)
    return [
      `no screen that loads at the URL above #${screen.id}'s: if a list shows what it saves, add invalidates: ['<the list's call>'] to ${n.call} in src/api/calls.ts (docs/calls.md, "Saves refresh what they change")`,
    ];
  if (!screen.savesTo.detail)
    return [
      `#${screen.savesTo.list} has no child with one param: once it has, give #${screen.id}'s saved notice a link to what was saved (FormScreen's savedLink: docs/forms.md, "Success that links to what was saved")`,
    ];
  return [];
}

/**
 * `--form`: docs/forms.md's recipe, every piece of it. The screen refuses to leave while its form
 * is dirty, with discard as the way out; `editing → submitting → saved | failed | savedBefore` (the
 * key saved its first values: the edits kept, saved as new with a new key); the submit is a
 * call (src/api/calls.ts), answered by server/handlers.ts, which checks the body again and refuses
 * fields with `422 { fieldErrors }`. The fields, their rules and words are not specified: one text
 * field and `// TODO:` lines the gate names.
 */
export const form: ScreenOption = {
  applies: (screen) => Boolean(screen.form),
  on: (screen) => [`...refuseLeavingWhile('${formNames(screen).guard.dirty}')`],
  node: formNode,
  machine: addFormToSetup,
  words: () => [
    `    fields: { name: ${todo('the label of its name field')} },`,
    `    required: ${todo('the message for a name left empty')},`,
    `    tooLong: ${todo(`the message for a name longer than ${NAME_MAX_LENGTH} characters`)},`,
    `    taken: ${todo('the message for a name the server says is taken')},`,
    `    refused: ${todo('the message for another value the server refuses')},`,
    `    submit: ${todo('its submit button')},`,
    `    discard: ${todo('its discard button')},`,
    `    saved: ${todo('the heading once saved')},`,
    `    another: ${todo('the button for another one')},`,
    `    failed: ${todo('the heading when saving failed')},`,
    `    retry: ${todo('the button that tries again')},`,
    `    edit: ${todo('the button back to the form')},`,
    `    saveAsNew: ${todo('the button that saves the edits as a new one, after "saved already"')},`,
  ],
  assertions: (screen) => {
    const { state } = formNames(screen);
    return [
      `${state('Editing')}: { absentHeading: strings.${screen.id}.saved },`,
      `${state('Submitting')}: { absentHeading: strings.${screen.id}.saved },`,
      `${state('Saved')}: { heading: strings.${screen.id}.saved },`,
      `${state('Failed')}: { heading: strings.${screen.id}.failed },`,
      `${state('SavedBefore')}: { heading: formStrings.savedBefore },`,
    ];
  },
  spec: addFormToSpec,
  view: formView,
  files: (screen, read) => {
    const names = formNames(screen);
    const module = `machines/${names.module}.ts`;
    if (read(module) !== undefined) throw new Error(`${module} exists already`);
    return [
      [module, formModule(screen)],
      ['src/api/calls.ts', addSubmitCall(read('src/api/calls.ts') ?? '', screen)],
      ['server/handlers.ts', addSubmitHandler(read('server/handlers.ts') ?? '', screen)],
    ];
  },
};

/** machines/<id>Form.ts: the fields, their schema and the server's codes, apart from the machine. */
function formModule(screen: NewScreen): string {
  const n = formNames(screen);
  return [
    "import * as v from 'valibot';",
    "import { limits } from '@statechart/forms';",
    "import { changeSchema, formDraftSchema, type FormSchema, type FormValues } from '@statechart/forms';",
    "import { strings } from './strings';",
    '',
    `// #${screen.id}'s form (docs/forms.md). The view shows a text field for each of ${n.fields}, labelled`,
    `// by strings.${screen.id}.fields; the server checks a submit with ${n.schema} again.`,
    todoLine('', `the fields of #${screen.id} and their rules (one text field, "name", until they are specified)`),
    `export const ${n.fields} = ['name'] as const;`,
    `export type ${n.field} = (typeof ${n.fields})[number];`,
    `export const ${n.empty}: FormValues<${n.field}> = { name: '' };`,
    '',
    `export const ${n.schema}: FormSchema<${n.field}> = v.object({`,
    `  name: v.pipe(`,
    '    v.string(),',
    '    v.trim(),',
    `    v.nonEmpty(strings.${screen.id}.required),`,
    `    v.maxLength(${NAME_MAX_LENGTH}, strings.${screen.id}.tooLong),`,
    '  ),',
    '});',
    '',
    '/** What the submit sends: the values as typed (the server parses them again). */',
    `export type ${n.input} = FormValues<${n.field}>;`,
    '',
    `const change = changeSchema(${n.fields}, limits.maxFieldLength);`,
    `/** The machine's edge: a change is taken only for one of the fields, with a string no longer than the limit. */`,
    `export const ${n.isChange} = (event: unknown): boolean => v.is(change, event);`,
    '',
    '/** A stored draft (docs/forms.md, "Keeping the draft across reloads"): any of the fields, each as typed, and its key; checked when read. */',
    'const draftValue = v.pipe(v.string(), v.maxLength(limits.maxFieldLength));',
    `export const ${n.draftSchema} = formDraftSchema<${n.field}>(v.partial(v.object({ name: draftValue })));`,
    '',
    '/** Codes the server may answer for one field, and their messages (others get strings.<id>.refused). */',
    `export const ${n.codes}: Record<string, string> = { taken: strings.${screen.id}.taken };`,
    '',
    ...(screen.savesTo?.detail
      ? [
          '/** A save refused as saved before carries what its key saved (its first values sent again: `firstInput`); the id, for the link. */',
          'const savedBefore = v.object({ saved: v.object({ id: v.pipe(v.number(), v.integer(), v.minValue(1)) }) });',
          `export function ${n.savedBeforeId}(error: unknown): number | undefined {`,
          '  const parsed = v.safeParse(savedBefore, error);',
          '  return parsed.success ? parsed.output.saved.id : undefined;',
          '}',
          '',
        ]
      : []),
  ].join('\n');
}

/**
 * The form's states (docs/forms.md, "A form"): each with an id (the path tests' assertions) and a
 * tag (the view asks `hasTag` wherever the screen sits). A dirty form is kept across visits (the
 * draft: `start` keeps it); discard puts back what was saved.
 */
function formNode(screen: NewScreen, indent: string): string[] {
  const n = formNames(screen);
  const a = n.action;
  const state = (sub: FormStateName) => `id: '${n.state(sub)}', tags: '${n.state(sub)}'`;
  // A save refused as saved before links to what its key saved, when there is a detail to link to.
  const keepSavedBeforeId = screen.savesTo?.detail
    ? `, assign({ ${n.savedId}: ({ event }) => ${n.savedBeforeId}(event.error) })`
    : '';
  // How the draft ended: other tabs say which (docs/persistence.md, "Drafts across tabs").
  const ended = (how: 'saved' | 'discarded') => `{ type: '${a.clearDraft}', params: { ended: '${how}' } }`;
  return [
    `${indent}entry: '${a.start}',`,
    `${indent}initial: 'editing',`,
    `${indent}states: {`,
    `${indent}  editing: {`,
    `${indent}    ${state('Editing')},`,
    `${indent}    on: {`,
    `${indent}      '${n.event('change')}': { guard: '${n.guard.change}', actions: ['${a.set}', '${a.saveDraft}'] },`,
    `${indent}      '${n.event('discard')}': { guard: '${n.guard.dirty}', actions: ['${a.discard}', ${ended('discarded')}] },`,
    `${indent}      '${n.event('submit')}': [`,
    `${indent}        { guard: '${n.guard.valid}', target: 'submitting', actions: '${a.begin}' },`,
    `${indent}        { actions: '${a.refuse}' },`,
    `${indent}      ],`,
    `${indent}    },`,
    `${indent}  },`,
    `${indent}  submitting: {`,
    `${indent}    ${state('Submitting')},`,
    `${indent}    invoke: {`,
    `${indent}      id: '${n.actor}',`,
    `${indent}      src: '${n.actor}',`,
    `${indent}      input: ({ context }) => submission(context.${screen.id}),`,
    `${indent}      onDone: { target: 'saved', actions: ['${a.saved}', ${screen.savesTo?.detail ? `assign({ ${n.savedId}: ({ event }) => event.output?.id }), ` : ''}${ended('saved')}] },`,
    `${indent}      onError: [`,
    `${indent}        { guard: '${n.guard.serverErrors}', target: 'editing', actions: '${a.serverErrors}' },`,
    `${indent}        { guard: '${n.guard.savedBefore}', target: 'savedBefore', actions: ['${a.failure}'${keepSavedBeforeId}] },`,
    `${indent}        { target: 'failed', actions: '${a.failure}' },`,
    `${indent}      ],`,
    `${indent}    },`,
    `${indent}  },`,
    `${indent}  saved: { ${state('Saved')}, on: { '${n.event('new')}': { target: 'editing', actions: '${a.start}' } } },`,
    `${indent}  failed: { ${state('Failed')}, on: { '${n.event('retry')}': 'submitting', '${n.event('edit')}': 'editing' } },`,
    // Its key saved what it first sent, not these edits (docs/forms.md, "Edits after 'This was saved
    // already'"): kept, and saved as new with a new key (submitted makes it), or edited on.
    `${indent}  savedBefore: { ${state('SavedBefore')}, on: { '${n.event('saveAsNew')}': { target: 'submitting', actions: '${a.begin}' }, '${n.event('edit')}': 'editing' } },`,
    `${indent}},`,
  ];
}

/**
 * What a form needs in the machine: its events, its state in context (empty at start), the submit
 * actor named with its types (the app provides the call), its guards and actions.
 */
function addFormToSetup(source: string, screen: NewScreen): string {
  const { id } = screen;
  const n = formNames(screen);
  const a = n.action;
  const form = `context.${id}`;
  let result = ensureImport(source, ['assign'], 'xstate');
  result = ensureImport(result, ['callPlaceholder', 'toCallError', 'type Submission'], '@statechart/calls');
  result = ensureImport(
    result,
    [
      'emptyForm',
      'fieldErrors',
      'isDirty',
      'serverFieldErrors',
      'submission',
      'submitFailed',
      'submitted',
      'withField',
      'type FormState',
    ],
    '@statechart/forms',
  );
  result = ensureImport(result, ['refuseLeavingWhile'], '@statechart/core');
  result = ensureImport(result, ['type DraftEnd'], '@statechart/forms');
  result = ensureImport(
    result,
    [
      n.codes,
      n.empty,
      n.fields,
      n.isChange,
      n.schema,
      ...(screen.savesTo?.detail ? [n.savedBeforeId] : []),
      `type ${n.field}`,
      `type ${n.input}`,
    ],
    `./${n.module}`,
  );
  result = addEvents(result, [
    `{ type: '${n.event('change')}'; field: ${n.field}; value: string }`,
    ...(['submit', 'retry', 'edit', 'saveAsNew', 'new', 'discard'] as const).map(n.event),
  ]);
  result = extendContextType(result, [
    `${id}: FormState<${n.field}>`,
    ...(screen.savesTo?.detail ? [`${n.savedId}?: number`] : []),
  ]);
  result = addToInitialContext(result, `${id}: emptyForm(${n.empty})`);
  result = addToSetupBlock(
    result,
    'actors',
    `${n.actor}: callPlaceholder<{ id: number } | undefined, Submission<${n.input}>>('${n.actor}'),`,
  );
  const serverErrors = (error: string) => `serverFieldErrors(${error}, ${n.fields}, ${n.codes}, strings.${id}.refused)`;
  const guards = [
    `${n.guard.dirty}: ({ context }) => isDirty(${form}),`,
    `${n.guard.change}: ({ event }) => ${n.isChange}(event),`,
    `${n.guard.valid}: ({ context }) => Object.keys(fieldErrors(${n.schema}, ${form}.values)).length === 0,`,
    `${n.guard.serverErrors}: ({ event }) => 'error' in event && ${serverErrors('event.error')} !== undefined,`,
    `${n.guard.savedBefore}: ({ event }) => 'error' in event && toCallError(event.error).code === 'savedBefore',`,
  ];
  const update = (name: string, body: string, args = '{ context }') =>
    `${name}: assign({ ${id}: (${args}) => ${body} }),`;
  const actions = [
    // A dirty form is a draft kept across visits; a clean one starts empty.
    update(a.start, `(isDirty(${form}) ? ${form} : emptyForm(${n.empty}))`),
    update(
      a.set,
      `(event.type === '${n.event('change')}' ? withField(${form}, ${n.schema}, event.field, event.value) : ${form})`,
      '{ context, event }',
    ),
    update(
      a.refuse,
      `({ ...${form}, errors: fieldErrors(${n.schema}, ${form}.values), refusals: ${form}.refusals + 1 })`,
    ),
    // The submit's Idempotency-Key: made here, or kept for values sent before and unchanged since.
    update(a.begin, `submitted(${form})`),
    update(a.saved, `({ ...${form}, saved: ${form}.values })`),
    update(
      a.serverErrors,
      `({ ...${form}, errors: ${serverErrors("'error' in event ? event.error : undefined")} ?? {}, refusals: ${form}.refusals + 1 })`,
      '{ context, event }',
    ),
    update(
      a.failure,
      `submitFailed(${form}, 'error' in event ? event.error : undefined, strings.${id}.failed)`,
      '{ context, event }',
    ),
    // The way out of a dirty form: back to what was saved, so leaving is no longer refused.
    update(a.discard, `emptyForm(${form}.saved)`),
  ];
  for (const line of [...guards].reverse()) result = addToSetupBlock(result, 'guards', line);
  for (const line of [...actions].reverse()) result = addToSetupBlock(result, 'actions', line);
  // Storage is the app's (createApp's provide), not the machine's: these stay empty here.
  result = addToSetupBlock(result, 'actions', `${a.clearDraft}: (_, params: { ended: DraftEnd }) => void params,`);
  result = addToSetupBlock(result, 'actions', `${a.saveDraft}: () => {},`);
  return addToSetupBlock(
    result,
    'actions',
    todoLine(
      '',
      `keep #${id}'s draft across reloads (docs/persistence.md: provide ${a.saveDraft} and ${a.clearDraft} in src/main.tsx, the stored draft as input), or say why not`,
    ),
  );
}

/**
 * The form in the spec: a sample per event (a value for the field: a placeholder the gate names),
 * a click or typing per event, the submit's outcomes (saved, a field refused by the server, a 5xx),
 * the refusal to leave while dirty, and the samples in `stateContext` (a dirty form is a state of
 * its own to the path tests).
 */
function addFormToSpec(source: string, screen: NewScreen): string {
  const { id } = screen;
  const n = formNames(screen);
  let result = ensureImport(source, [`type ${n.field}`], `../../machines/${n.module}`);
  // The form's own state says it refuses (refusesLeaving is internal to the framework: @statechart/core/internal).
  result = ensureImport(result, ['formStrings', 'isDirty', 'type FormState'], '@statechart/forms');
  const samples = [
    `{ type: '${n.event('change')}', field: 'name', value: ${todo(`a valid name for ${id}`)} }`,
    ...(['submit', 'retry', 'edit', 'saveAsNew', 'new', 'discard'] as const).map(
      (verb) => `{ type: '${n.event(verb)}' }`,
    ),
  ];
  const click = (verb: 'submit' | 'retry' | 'edit' | 'saveAsNew' | 'new' | 'discard', label: string) =>
    `'${n.event(verb)}': () => ({ do: 'click', role: 'button', name: strings.${id}.${label} }),`;
  result = addSpecEvents(result, samples, [
    `'${n.event('change')}': (event) => ({ do: 'type', label: strings.${id}.fields[event.field as ${n.field}], text: String(event.value) }),`,
    click('submit', 'submit'),
    click('retry', 'retry'),
    click('edit', 'edit'),
    click('saveAsNew', 'saveAsNew'),
    click('new', 'another'),
    click('discard', 'discard'),
  ]);
  // What performCall rejects with: a 422 carrying the body's field errors, a 5xx, and a key saved
  // before with other values (with what it saved, for the link, when there is a detail to link to).
  const savedBefore = screen.savesTo?.detail
    ? "{ error: { code: 'savedBefore', status: 422, saved: { id: 1 } } }"
    : "{ error: { code: 'savedBefore', status: 422 } }";
  result = addToSpecBlock(
    result,
    'outcomes',
    `${n.actor}: [{ output: { id: 1 } }, { error: { code: 'http.4xx', status: 422, fieldErrors: [{ field: 'name', code: 'taken' }] } }, { error: { code: 'http.5xx', status: 500 } }, ${savedBefore}],`,
  );
  // Links lead where they say, except out of a dirty form: the machine refuses them on purpose.
  result = addToSpecBlock(
    result,
    'refusals',
    `${id}: { when: (snapshot) => isDirty((snapshot.context as { ${id}: FormState<${n.field}> }).${id}), reason: 'an unsaved form: leaving is refused until it is saved or discarded' },`,
  );
  return addBehaviourSamples(result, samples);
}

/**
 * src/api/calls.ts with the submit: a call with a body and no freshness (every submit is a
 * request), sent with the submit's Idempotency-Key (the form's, the same on every Try again).
 */
export function addSubmitCall(source: string, screen: NewScreen): string {
  const n = formNames(screen);
  const result = addToCallRegistry(source, {
    type: [n.input, `../../machines/${n.module}`],
    call: [
      todoLine('  ', `the API path of #${screen.id}'s submit, and what a saved one answers`),
      `  ${n.call}: defineCall<Submission<${n.input}>, { id: number } | undefined>({`,
      "    method: 'POST',",
      `    path: () => '${n.api}',`,
      '    body: ({ values }) => values,',
      '    idempotencyKey: ({ idempotencyKey }) => idempotencyKey,',
      '    // Refused as saved before (the key saved its first values, not the edits): those are sent again, and the answer says what was saved.',
      '    firstInput: firstSubmission,',
      '    // A 2xx without a body (204) is a save too.',
      '    response: v.optional(v.object({ id: v.number() })),',
      // Saved, the list it belongs to is stale: its kept pages are fetched again (docs/calls.md).
      ...(screen.savesTo ? [`    invalidates: ['${callNames({ id: screen.savesTo.list, path: '' }).call}'],`] : []),
      '  }),',
    ],
    actor: `  ${n.actor}: callActor(calls.${n.call}),`,
  });
  return ensureImport(result, ['firstSubmission', 'type Submission'], '@statechart/calls');
}

/**
 * server/handlers.ts with the submit's entry: the body checked again (a refused field answers 422
 * with `{ fieldErrors }`, shown on its field), then 201. The server has its own schema, not the
 * form's module: a backend checks what it is sent by its own rules, and the Vite config that loads
 * the handlers stays free of the app's modules.
 */
export function addSubmitHandler(source: string, screen: NewScreen): string {
  const n = formNames(screen);
  const body = `${screen.id}Body`;
  const schema = `/** What ${n.api} accepts: the fields of #${screen.id}'s form. */\nconst ${body} = v.object({ name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(${NAME_MAX_LENGTH})) });\n\n`;
  const result = addBeforeDeclaration(importValibot(source), 'handlers', schema, 'server/handlers.ts');
  return addToObject(
    result,
    'handlers',
    [
      todoLine('  ', `what ${n.api} does with a valid form (store it, answer its id) and which values it refuses`),
      `  'POST ${n.api}': ({ body }) => {`,
      `    const parsed = v.safeParse(${body}, body);`,
      '    if (!parsed.success) {',
      "      const fieldErrors = parsed.issues.map((issue) => ({ field: v.getDotPath(issue) ?? '', code: 'invalid' }));",
      '      return { status: 422, body: { fieldErrors } };',
      '    }',
      '    return { status: 201, body: { id: 1 } };',
      '  },',
    ],
    'server/handlers.ts',
  );
}

/**
 * The form's view: a few lines that read the form and its phase from the machine and hand them,
 * with the words and the events, to the framework's `FormScreen` (@statechart/forms:
 * fields, error summary, submit and discard, focus after submit; docs/forms.md).
 */
function formView(screen: NewScreen): string {
  const { id } = screen;
  const n = formNames(screen);
  const send = (verb: string) => `send({ type: '${id}.${verb}' })`;
  const tag = (state: Parameters<typeof n.state>[0]) => `s.hasTag('${n.state(state)}')`;
  // The saved notice links to what was saved, on its list's detail screen (savesToOf).
  const detail = screen.savesTo?.detail;
  return [
    "import { FormScreen } from '@statechart/forms';",
    "import { ScreenHeading } from '@statechart/react';",
    `import { ${n.fields} } from '../../machines/${n.module}';`,
    "import { strings } from '../../machines/strings';",
    `import { ${detail ? 'Link, ' : ''}useMachineSelector, useSend } from '../appRouting';`,
    '',
    "// The screen's own words load with its chunk; the words the machine and the path tests use are in machines/strings.ts.",
    detail
      ? `const words = { heading: ${todo(`the heading of ${id}`)}, open: ${todo(`the link to what ${id} saved`)} };`
      : `const words = { heading: ${todo(`the heading of ${id}`)} };`,
    '',
    'export function View() {',
    `  const form = useMachineSelector((s) => s.context.${id});`,
    ...(detail ? [`  const savedId = useMachineSelector((s) => s.context.${n.savedId});`] : []),
    '  const phase = useMachineSelector((s) =>',
    `    ${tag('Saved')} ? 'saved' : ${tag('Failed')} || ${tag('SavedBefore')} ? 'failed' : ${tag('Submitting')} ? 'submitting' : 'editing',`,
    '  );',
    '  const send = useSend();',
    '  return (',
    '    <FormScreen',
    `      heading={${headingTag(screen)}{words.heading}</ScreenHeading>}`,
    '      form={form}',
    `      fields={${n.fields}}`,
    '      phase={phase}',
    `      words={strings.${id}}`,
    `      idPrefix="${id}"`,
    ...(detail
      ? [
          `      savedLink={savedId === undefined ? undefined : <Link to="#${detail.id}" params={{ ${detail.param}: savedId }}>{words.open}</Link>}`,
        ]
      : []),
    '      on={{',
    `        change: (field, value) => send({ type: '${n.event('change')}', field, value }),`,
    `        submit: () => ${send('submit')},`,
    `        retry: () => ${send('retry')},`,
    `        edit: () => ${send('edit')},`,
    `        saveAsNew: () => ${send('saveAsNew')},`,
    `        discard: () => ${send('discard')},`,
    `        another: () => ${send('new')},`,
    '      }}',
    '    />',
    '  );',
    '}',
    '',
  ].join('\n');
}
