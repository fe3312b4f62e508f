/**
 * A team's first weeks in a product made by create-statechart-app, built the way the docs say:
 * only `npm run new:screen` (docs/screens.md), the words a person writes for its placeholders, and
 * the hand-written patterns the docs show, copied from them (docs/calls.md, docs/forms.md,
 * docs/access.md). After each feature the placeholder gate passes. Called by
 * scripts/test-create-app.ts, which then runs the product's lint, tests, build and preview.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './product';

/** What a person writes for each placeholder `new:screen` leaves (`'TODO: <what>'`), by what it asks. */
const WORDS: Record<string, string> = {
  // (a) the Projects list
  'the title of projects': 'Projects',
  'the navigation label of projects (or remove nav from its meta)': 'Projects',
  'the heading of projects': 'Projects',
  'how a person sees #projects: its heading': 'Projects',
  'the heading when projects did not load': 'The projects did not load',
  'the link away from projects when it cannot load (to #home)': 'Back to the home page',
  'what projects says on a page without items': 'No projects yet.',
  'the name of the pager of projects, for screen readers': 'Pages of projects',
  'the link to the next page': 'Next page',
  'the link to the previous page': 'Previous page',
  'a sample item of loadProjects': 'Website redesign',
  // (b, c) the project's detail and its tabs
  'the heading of projectsIndex': 'Choose a project',
  'how a person sees #projectsIndex: its heading': 'Choose a project',
  'what projectsIndex says: choose an item to see it here': 'Choose a project in the list to see it here.',
  'the title of project ({projectId} is replaced by the param)': 'Project {projectId}',
  'the heading of project': 'Project details',
  'how a person sees #project: its heading': 'Project details',
  'the heading when project did not load': 'This project did not load',
  'the link away from project when it cannot load (to #projects)': 'Back to all projects',
  'a sample answer of loadProject': 'Website redesign',
  'the label of the overview tab': 'Overview',
  'the label of the activity tab': 'Activity',
  'what the tabs of project are, for screen readers': 'Project sections',
  'what the overview tab of project shows': 'The project at a glance.',
  'what the activity tab of project shows': 'What happened in this project lately.',
  // (e) the New project form
  'the title of newProject': 'New project',
  'the navigation label of newProject (or remove nav from its meta)': 'New project',
  'the heading of newProject': 'New project',
  'how a person sees #newProject: its heading': 'New project',
  'the label of its name field': 'Project name',
  'the message for a name left empty': 'Enter a name for the project.',
  'the message for a name longer than 200 characters': 'Use 200 characters or fewer.',
  'the message for a name the server says is taken': 'A project with this name exists already.',
  'the message for another value the server refuses': 'This name was refused.',
  'its submit button': 'Create project',
  'its discard button': 'Discard',
  'the button back to the form': 'Edit again',
  'the button for another one': 'Create another project',
  'the button that tries again': 'Try again',
  'the button that saves the edits as a new one, after "saved already"': 'Save as a new project',
  'the heading once saved': 'Project created',
  'the heading when saving failed': 'The project was not saved',
  'the link to what newProject saved': 'Open the new project',
  'a valid name for newProject': 'Website redesign',
  // (f) the admin-only Settings
  'the title of settings': 'Settings',
  'the navigation label of settings (or remove nav from its meta)': 'Settings',
  'the heading of settings': 'Settings',
  'how a person sees #settings: its heading': 'Settings',
  'what settings shows': 'Settings that apply to the whole team.',
  'the sign-out button on a screen only a role may see': 'Sign out',
  'the title of the screen a person without the role sees': 'Not allowed',
  'its heading': 'You cannot see this page',
  'why they see it, and what to do': 'This page is for administrators: sign in as one to see it.',
  'the sign-in button': 'Sign in as an administrator',
  'the link home when there is nothing to return to': 'Go to the home page',
};

/** One file of the product: read, changed, written; a change that finds nothing to change says where. */
function edit(product: string, file: string, change: (source: string) => string): void {
  const path = join(product, file);
  const before = readFileSync(path, 'utf8');
  const after = change(before);
  if (after === before)
    throw new Error(`${file}: the docs' edit found nothing to change (is ${file} as the generator wrote it?)`);
  writeFileSync(path, after);
}

/** `source` with `from` replaced by `to`; `from` must be there, else the error says which file wanted what. */
function replaceIn(file: string, source: string, from: string | RegExp, to: string): string {
  const found = typeof from === 'string' ? source.includes(from) : from.test(source);
  if (!found)
    throw new Error(`${file}: expected ${String(from)} (written by new:screen or an earlier step), not found`);
  return source.replace(from, to);
}

/** `npm run new:screen -- …args` in the product; returns the files it wrote. */
function newScreen(product: string, args: string[]): string[] {
  const output = run('npm', ['run', '--silent', 'new:screen', '--', ...args], product);
  return [...output.matchAll(/^wrote (.+)$/gm)].map((match) => match[1]!);
}

/**
 * Writes the words for the placeholders in `files`, as a person does: each `'TODO: …'` its words
 * (WORDS), each `// TODO:` line that offers a default deleted (docs/screens.md: keep the default,
 * delete the line). A placeholder WORDS does not know fails, naming it and its file.
 */
function writeWords(product: string, files: readonly string[]): void {
  for (const file of new Set(files)) {
    const path = join(product, file);
    writeFileSync(
      path,
      readFileSync(path, 'utf8')
        .replace(/^ *\/\/ TODO:.*\n/gm, '')
        .replace(/(['"])TODO: ((?:(?!\1).)*)\1/g, (_, quote: string, what: string) => {
          const words = WORDS[what];
          if (words === undefined)
            throw new Error(
              `${file}: no words for the placeholder "TODO: ${what}" (add them to WORDS in scripts/outside/firstWeeks.ts)`,
            );
          return `${quote}${words.replaceAll(quote, `\\${quote}`)}${quote}`;
        }),
    );
  }
  run('npx', ['prettier', '--write', ...new Set(files)], product);
}

/** The placeholder gate: nothing left to write (tests/paths/placeholders.test.ts). */
function gate(product: string): void {
  run('npx', ['vitest', 'run', '--project', 'paths', 'tests/paths/placeholders.test.ts'], product);
}

/** docs/calls.md, "On the server, the save and the list read one store": the three entries' bodies, copied. */
const STORE = `/** What the API keeps while it runs (a database replaces it): the list and the detail read what a save writes. */
const projects: { id: number; name: string }[] = [];
const PROJECTS_PAGE_SIZE = 3;

`;
const LIST_HANDLER = `'GET /api/projects': ({ query }) => {
    const pages = Math.max(1, Math.ceil(projects.length / PROJECTS_PAGE_SIZE));
    const page = Math.min(pages, Math.max(1, Math.trunc(Number(query.get('page') ?? 1)) || 1));
    const items = projects.slice((page - 1) * PROJECTS_PAGE_SIZE, page * PROJECTS_PAGE_SIZE);
    return { body: { items, pages } };
  },`;
const DETAIL_HANDLER = `'GET /api/project/:projectId': ({ params }) => {
    const project = projects.find((candidate) => String(candidate.id) === params.projectId);
    return project ? { body: project } : { status: 404, body: { message: 'No such project' } };
  },`;
const SAVE = `    // The newest first: a save shows on the list's first page.
    const project = { id: Math.max(0, ...projects.map(({ id }) => id)) + 1, name: parsed.output.name };
    projects.unshift(project);
    return { status: 201, body: { id: project.id } };`;

/** docs/forms.md, "Keeping the draft across reloads", step 1, copied. */
const DRAFT_MODULE = `import { formDraft, formDraftText, isDirty, limits, sharedDraft, storage, type FormState } from '@statechart/forms';
import { newProjectDraftSchema, type NewProjectField } from '../machines/newProjectForm';

export const newProjectDraft = sharedDraft({
  key: \`\${storage.draftKeyPrefix}newProject\`,
  version: storage.draftVersion,
  schema: newProjectDraftSchema,
  storage: () => localStorage,
  tabStorage: () => sessionStorage,
  maxBytes: limits.maxDraftBytes,
  // The text a person typed is the values: the key and what it sent go with them (persistence.md).
  text: formDraftText,
});
/** Writes the values while they differ from the saved ones, and ends the draft otherwise. */
export function keepNewProjectDraft(form: FormState<NewProjectField>): void {
  if (isDirty(form)) newProjectDraft.save(formDraft(form));
  else newProjectDraft.end('discarded');
}
`;

/**
 * Builds the six features of a team's first weeks in `product` (made by create-statechart-app and
 * installed), each followed by the placeholder gate; returns what each took.
 */
export function buildFirstWeeks(product: string): { name: string; seconds: number }[] {
  const took: { name: string; seconds: number }[] = [];
  const feature = (name: string, build: () => void) => {
    const start = performance.now();
    try {
      build();
      // docs/screens.md: after a screen, redraw docs/machine (a test fails while it is stale).
      run('npm', ['run', '--silent', 'machine:export'], product);
      gate(product);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `first weeks, ${name}: ${error instanceof Error ? error.message : String(error)}\n${stdout}${stderr}`,
      );
    }
    took.push({ name, seconds: Math.round((performance.now() - start) / 100) / 10 });
  };

  feature('(a) a Projects list in the nav', () => {
    writeWords(product, newScreen(product, ['projects', 'projects', '--list']));
  });

  // docs/screens.md, "a list with its details": the detail loads, with its tabs (--tabs too).
  let detail: string[] = [];
  feature('(b) a nested project detail at /projects/:projectId', () => {
    detail = newScreen(product, [
      'project',
      ':projectId',
      '--parent',
      'projects',
      '--loads',
      '--tabs',
      'overview,activity',
    ]);
    writeWords(
      product,
      detail.filter((file) => !file.endsWith('project.view.tsx')),
    );
    // The tabs' words are the next feature's; the heading and the link away are this one's.
    edit(product, 'src/views/project.view.tsx', (source) =>
      source
        .replace(/'TODO: (the heading of project)'/, (_, what: string) => `'${WORDS[what]}'`)
        .replace(
          /'TODO: (the link away from project when it cannot load \(to #projects\))'/,
          (_, what: string) => `'${WORDS[what]}'`,
        ),
    );
    // What the tabs show, until (c) writes it: a person's first words, to be replaced.
    edit(product, 'src/views/project.view.tsx', (source) =>
      source.replace(/'TODO: what the (\w+) tab of project shows'/g, "'Coming soon.'"),
    );
  });

  feature('(c) two tabs on the project: Overview and Activity', () => {
    edit(product, 'src/views/project.view.tsx', (source) => {
      let result = replaceIn(
        'src/views/project.view.tsx',
        source,
        "overview: 'Coming soon.'",
        `overview: '${WORDS['what the overview tab of project shows']}'`,
      );
      result = replaceIn(
        'src/views/project.view.tsx',
        result,
        "activity: 'Coming soon.'",
        `activity: '${WORDS['what the activity tab of project shows']}'`,
      );
      return result;
    });
  });

  feature('(d) the project loads, with Retry and a way to cancel', () => {
    // docs/calls.md, "Cancel while it loads": the link away beside the pending text.
    edit(product, 'src/views/project.view.tsx', (source) => {
      const view = 'src/views/project.view.tsx';
      const withWords = replaceIn(
        view,
        source,
        /\nconst words = \{\n/,
        "\nconst words = {\n  cancel: 'Stop loading',\n",
      );
      return replaceIn(
        view,
        withWords,
        '{loading ? <CallPending /> : null}',
        '{loading ? (\n<>\n<CallPending />\n<Link to="#projects">{words.cancel}</Link>\n</>\n) : null}',
      );
    });
    // docs/calls.md, "On the server, the save and the list read one store": the list and the detail.
    edit(product, 'server/handlers.ts', (source) => {
      const file = 'server/handlers.ts';
      let result = replaceIn(
        file,
        source,
        '\nexport const handlers: Handlers = {',
        `\n${STORE}export const handlers: Handlers = {`,
      );
      result = replaceIn(file, result, /'GET \/api\/projects': \(\{ query \}\) => \{\n[^]*?\n {2}\},/, LIST_HANDLER);
      result = replaceIn(file, result, /'GET \/api\/project\/:projectId': [^\n]*\n/, `${DETAIL_HANDLER}\n`);
      return result;
    });
    run('npx', ['prettier', '--write', 'src/views/project.view.tsx', 'server/handlers.ts'], product);
  });

  feature('(e) a New project form whose draft survives a reload and whose save shows in the list', () => {
    writeWords(
      product,
      newScreen(product, ['newProject', 'projects/new', '--form']).filter((file) => file !== 'machines/appMachine.ts'),
    );
    // docs/calls.md: the save writes into the store the list reads.
    edit(product, 'server/handlers.ts', (source) =>
      replaceIn('server/handlers.ts', source, /\n {4}return \{ status: 201, body: \{ id: 1 \} \};/, `\n${SAVE}`),
    );
    // docs/forms.md, "Keeping the draft across reloads", steps 1 to 4.
    writeFileSync(join(product, 'src/newProjectDraft.ts'), DRAFT_MODULE);
    edit(product, 'machines/appMachine.ts', (source) => {
      const file = 'machines/appMachine.ts';
      let result = replaceIn(file, source, /^ *\/\/ TODO: keep #newProject's draft across reloads.*\n/m, '');
      result = replaceIn(
        file,
        result,
        /\n( *)types: \{\n/,
        '\n$1types: {\n$1  input: {} as { newProjectDraft?: FormDraft<NewProjectField> } | void,\n',
      );
      result = replaceIn(
        file,
        result,
        /\n( *)context: \{ params: \{\}, newProject: emptyForm\(emptyNewProject\) \},\n/,
        '\n$1context: ({ input }) => ({ params: {}, newProject: emptyForm(emptyNewProject, input?.newProjectDraft) }),\n',
      );
      result = replaceIn(file, result, /\n(\s*)type FormState,/, '\n$1type FormDraft,$1type FormState,');
      return result;
    });
    writeWords(product, ['machines/appMachine.ts']);
    edit(product, 'src/main.tsx', (source) => {
      const file = 'src/main.tsx';
      const imported = replaceIn(
        file,
        source,
        "import { callActors } from './api/calls';\n",
        "import { callActors } from './api/calls';\nimport { keepNewProjectDraft, newProjectDraft } from './newProjectDraft';\n",
      );
      return replaceIn(
        file,
        imported,
        /\n( *)provide: \{ actors: callActors \},\n/,
        [
          '',
          '$1input: { newProjectDraft: newProjectDraft.load() },',
          '$1provide: {',
          '$1  actors: callActors,',
          '$1  actions: {',
          '$1    saveNewProjectDraft: ({ context }) => keepNewProjectDraft(context.newProject),',
          '$1    clearNewProjectDraft: (_, { ended }) => newProjectDraft.end(ended),',
          '$1  },',
          '$1},',
          '',
        ].join('\n'),
      );
    });
    edit(product, 'tests/paths/productPaths.ts', (source) => {
      const file = 'tests/paths/productPaths.ts';
      const spec = replaceIn(
        file,
        source,
        /\n( *)machine: appMachine,\n/,
        [
          '',
          '$1machine: appMachine,',
          '$1storedInput: (snapshot) => {',
          '$1  const form = (snapshot.context as { newProject: FormState<NewProjectField> }).newProject;',
          '$1  return { newProjectDraft: isDirty(form) ? formDraft(form) : undefined };',
          '$1},',
          '',
        ].join('\n'),
      );
      // --form imported isDirty and FormState from @statechart/forms for its refusal: formDraft joins them.
      return replaceIn(
        file,
        spec,
        /^import \{ ([^}]*\bisDirty\b[^}]*)\} from '@statechart\/forms';/m,
        "import { formDraft, $1} from '@statechart/forms';",
      );
    });
    run(
      'npx',
      [
        'prettier',
        '--write',
        'machines/appMachine.ts',
        'src/main.tsx',
        'src/newProjectDraft.ts',
        'tests/paths/productPaths.ts',
        'server/handlers.ts',
      ],
      product,
    );
  });

  feature('(f) an admin-only Settings screen that survives a reload', () => {
    const wrote = newScreen(product, ['settings', 'settings', '--role', 'admin']);
    writeWords(product, wrote);
    // docs/access.md, step 7: main.tsx has the draft's input already, so the session joins it by hand.
    if (!wrote.includes('src/main.tsx')) {
      edit(product, 'src/main.tsx', (source) => {
        const file = 'src/main.tsx';
        let result = replaceIn(
          file,
          source,
          "import { callActors } from './api/calls';\n",
          "import { callActors } from './api/calls';\nimport { sessionStore } from './session';\n",
        );
        result = replaceIn(
          file,
          result,
          'input: { newProjectDraft: newProjectDraft.load() },',
          'input: { ...sessionStore.load(), newProjectDraft: newProjectDraft.load() },',
        );
        return replaceIn(
          file,
          result,
          /\n( *)actions: \{\n/,
          '\n$1actions: {\n$1  rememberSession: ({ context }) => sessionStore.save({ roles: [...context.roles], returnTo: context.returnTo }),\n',
        );
      });
      run('npx', ['prettier', '--write', 'src/main.tsx'], product);
    }
  });
  return took;
}
