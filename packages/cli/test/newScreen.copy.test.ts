import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { tsImport } from 'tsx/esm/api';
import { describe, expect, it } from 'vitest';
import { ensureImport } from '../src/edit';
import { formatFiles, runNewScreen } from '../src/run';
import { unfilledPlaceholders } from '../src/placeholders';
import type { typeErrorsAffectedBy } from './affectedTypes';

/**
 * A product as it starts (create-statechart-app's template: machines/, src/, server/, tests/ with its
 * path spec): the generators'
 * tests run on this fixture, never on the product's live files, so that a product which followed
 * every example of the docs still passes them.
 */
const SCAFFOLD = fileURLToPath(new URL('../../create-statechart-app/dist/template/', import.meta.url));
/** The product's own folders: in the copy, the scaffold's stand in for the repository's. */
const PRODUCT = /^(machines|src|server|tests)\//;
const execFileAsync = promisify(execFile);

/** docs/forms.md, "Keeping the draft across reloads", step 4, as a person copies it into the copy's spec. */
function writeDraftStoredInput(root: string): void {
  const path = join(root, 'tests/paths/productPaths.ts');
  const spec = readFileSync(path, 'utf8').replace(
    /\n( *)machine: appMachine,\n/,
    [
      '',
      '$1machine: appMachine,',
      '$1storedInput: (snapshot) => {',
      '$1  const form = (snapshot.context as { newProject: FormState<NewProjectField> }).newProject;',
      '$1  return { newProjectDraft: isDirty(form) ? form.values : undefined };',
      '$1},',
      '',
    ].join('\n'),
  );
  // The form's generator may have imported these already (its refusal reads isDirty): a person adds
  // only what is missing, to the import of '@statechart/forms' that is there.
  writeFileSync(path, ensureImport(spec, ['isDirty', 'type FormState'], '@statechart/forms'));
}

/**
 * The generators end to end, in `npm run test:generators` (and .ci/run), not `npm test`: a copy of
 * the repository with the scaffold as its product, every generator run in it, the placeholders
 * written, then tsc, ESLint and the path tests in the copy (about 80 s and three processes on a
 * 2-core machine: more than any other file of `npm test`, which a team runs many times a day).
 * newScreen.test.ts, in `npm test`, tests each generator's edits on the scaffold's files.
 */
describe('npm run new:screen (@statechart/cli), end to end', () => {
  // Proved to fail, once each (2026-11-24), by breaking the plain view in packages/cli/src/view.ts
  // on purpose: a name used and never defined fails at the type check with
  // "src/views/projects.view.tsx(15,11): error TS2304: Cannot find name 'notDefinedAnywhere'." (and
  // project, admin); an unused variable fails at ESLint with each view's path, "12:9 error
  // 'unusedHere' is assigned a value but never used @typescript-eslint/no-unused-vars"; a heading
  // the view changes ("All projects!") fails the DOM-level path test at "product, step 1 of 39
  // (route #projects …): heading "All projects" is not shown: the assertion of #projects", with
  // the state, URL and headings expected and found.
  it('in a copy of the repository with the scaffold as its product, every generator leaves placeholders the gate names, and once written, lint and the path tests pass', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'new-screen-'));
    const stopping = new AbortController();
    // What each step took, printed at the end: where this test's time goes.
    const took: string[] = [];
    const timed = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await work();
      } finally {
        took.push(`${name} ${((performance.now() - start) / 1000).toFixed(1)} s`);
      }
    };
    try {
      const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file && existsSync(file) && !PRODUCT.test(file));
      for (const file of files) cpSync(file, join(copy, file), { recursive: true });
      // The template's product folders only: its root files (package.json, configs) are a new
      // product's, not this repository's.
      for (const entry of ['machines', 'src', 'server', 'tests', 'index.html']) {
        cpSync(join(SCAFFOLD, entry), join(copy, entry), { recursive: true });
      }
      symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
      // A command in the copy, without waiting: the checks that take longest run side by side.
      // Stopped when the test ends, so that a failure elsewhere leaves no process behind in a
      // deleted copy. What the tool said is the failure: which file and line of the generated
      // code, and why.
      const start = (command: string, ...args: string[]) =>
        execFileAsync(command, args, {
          cwd: copy,
          encoding: 'utf8',
          maxBuffer: 64 << 20,
          signal: stopping.signal,
        }).then(
          ({ stdout }) => stdout,
          (error: { stdout?: string; stderr?: string }) => {
            const { stdout = '', stderr = '' } = error;
            throw new Error(`${command} ${args.join(' ')} failed in the copy:\n${stdout}${stderr}`);
          },
        );
      // Every file a generator says it wrote: what the placeholders are written in, then checked.
      const wrote = new Set<string>();
      const wroteIn = (output: string) => {
        for (const [, file] of output.matchAll(/^wrote (.+)$/gm)) wrote.add(file!);
        return output;
      };
      // The command line once, as `npm run new:screen` runs it; the others through its function.
      const generated = await timed('generators', async () => {
        const generate = async (...args: string[]) => wroteIn((await runNewScreen(args, copy)).join('\n'));
        return [
          // A list that loads a page of its items, the page in its URL.
          wroteIn(await start('node_modules/.bin/statechart-new-screen', 'projects', 'projects', '--list')),
          // Its detail, which loads too, with tabs: beside the list's call (a parallel state), the
          // list kept, each failure with its own heading.
          await generate('project', ':projectId', '--parent', 'projects', '--loads', '--tabs', 'overview,activity'),
          await generate('settings', 'settings', '--tabs', 'general,privacy'),
          await generate('member', 'members/:memberId', '--loads'),
          await generate('newProject', 'projects/new', '--form'),
          // The draft kept across reloads as docs/forms.md's step 4 writes it, a block body, before the
          // role: the role's session joins what it returns.
          (writeDraftStoredInput(copy), await generate('admin', 'admin', '--role', 'admin')),
          // Tabs in a screen that loads: a parallel state, the tabs beside the call.
          await generate('report', 'reports/:reportId', '--loads', '--tabs', 'summary,details'),
        ];
      });
      expect(generated[0]).toContain('wrote src/views/projects.view.tsx');
      expect(generated[1]).toContain('wrote src/views/project.view.tsx');
      expect(generated[1]).toContain('wrote src/views/projectsIndex.view.tsx');
      // The form saves into the list: its save marks the list stale, its notice links to the detail.
      expect(generated[4]).not.toContain('to do:');
      const inCopy = (file: string) => readFileSync(join(copy, file), 'utf8');
      expect(inCopy('src/api/calls.ts')).toMatch(/saveNewProject: defineCall<[^]*?invalidates: \['getProjects'\],/);
      expect(inCopy('src/views/newProject.view.tsx')).toMatch(
        /<Link to="#project" params=\{\{ projectId: savedId \}\}>/,
      );
      // The list's items link to their detail, keeping the page.
      expect(inCopy('src/views/projects.view.tsx')).toContain(
        '<Link to="#project" params={{ projectId: item.id, page: pageParam(page) }}>',
      );
      expect(generated[2]).toContain('wrote src/views/settings.view.tsx');
      expect(generated[3]).toContain('wrote src/api/calls.ts');
      expect(generated[4]).toContain('wrote machines/newProjectForm.ts');
      expect(generated[5]).toContain('wrote src/views/notAllowed.view.tsx');
      // The session kept across a reload: its schema, its store, read and saved in main.tsx.
      expect(generated[5]).toContain('wrote machines/session.ts');
      expect(generated[5]).toContain('wrote src/session.ts');
      expect(generated[5]).toContain('wrote src/main.tsx');
      expect(generated[5]).not.toContain('to do:');
      expect(readFileSync(join(copy, 'tests/paths/productPaths.ts'), 'utf8')).toMatch(
        /storedInput: \(snapshot\) => \{\n[^]*?return \{\n?\s*roles: [^]*?returnTo: [^]*?newProjectDraft: /,
      );
      expect(generated[6]).toContain('wrote src/views/report.view.tsx');

      // The gate on the copy's words and spec, imported through tsx since tsImport loads a fresh
      // module graph each time (they change once the placeholders are written) where Vitest's own
      // import would keep the first.
      const gate = () =>
        timed('gate', async () => {
          const fresh = async <T>(file: string) =>
            (await tsImport(pathToFileURL(join(copy, file)).href, import.meta.url)) as T;
          const { strings } = await fresh<{ strings: object }>('machines/strings.ts');
          const { productSpec } = await fresh<{ productSpec: Parameters<typeof unfilledPlaceholders>[0]['spec'] }>(
            'tests/paths/productPaths.ts',
          );
          return unfilledPlaceholders({ strings, spec: productSpec, root: copy }).join('\n');
        });
      const named = await gate();
      expect(named).toContain('strings.projects.title is a placeholder: write it in machines/strings.ts');
      expect(named).toContain('strings.settings.tabs.privacy is a placeholder: write it in machines/strings.ts');
      expect(named).toContain('src/views/project.view.tsx has placeholder words: write them');
      expect(named).toContain(
        'the assertion project.heading is a placeholder: say how a person sees it in tests/paths/productPaths.ts',
      );
      expect(named).toMatch(/machines\/appMachine\.ts:\d+ is a placeholder: the fields #member loads/);
      expect(named).toMatch(/src\/api\/calls\.ts:\d+ is a placeholder: the API path of #member/);
      expect(named).toMatch(/server\/handlers\.ts:\d+ is a placeholder: what \/api\/member\/:memberId answers/);
      expect(named).toMatch(/machines\/session\.ts:\d+ is a placeholder: where the roles come from/);
      expect(named).toMatch(/src\/views\/notAllowed\.view\.tsx:\d+ is a placeholder: the product's sign-in/);
      expect(named).toContain('strings.notAllowed.signIn is a placeholder: write it in machines/strings.ts');
      expect(named).toContain(
        'the call outcome loadMember.0.output.name is a placeholder: write a sample answer in tests/paths/productPaths.ts',
      );
      expect(named).toMatch(/machines\/newProjectForm\.ts:\d+ is a placeholder: the fields of #newProject/);
      expect(named).toMatch(/machines\/appMachine\.ts:\d+ is a placeholder: keep #newProject's draft across reloads/);
      expect(named).toMatch(/src\/api\/calls\.ts:\d+ is a placeholder: the API path of #newProject's submit/);
      expect(named).toMatch(/server\/handlers\.ts:\d+ is a placeholder: what \/api\/newProject does/);
      expect(named).toContain('strings.newProject.fields.name is a placeholder: write it in machines/strings.ts');
      expect(named).toContain(
        'the sample newProject.change value is a placeholder: write a value in tests/paths/productPaths.ts',
      );

      // What a person writes in place of each placeholder: headings match their assertions.
      const written = [...wrote];
      const words = new Map([
        ['the heading of projects', 'All projects'],
        ['how a person sees #projects: its heading', 'All projects'],
        ['the heading of project', 'One project'],
        ['how a person sees #project: its heading', 'One project'],
        ['the heading of settings', 'Your settings'],
        ['how a person sees #settings: its heading', 'Your settings'],
        ['the heading of member', 'One member'],
        ['how a person sees #member: its heading', 'One member'],
        ['the heading of admin', 'Administration'],
        ['how a person sees #admin: its heading', 'Administration'],
        ['its heading', 'Not for you'],
        ['the heading of newProject', 'A new project'],
        ['how a person sees #newProject: its heading', 'A new project'],
        ['the heading of report', 'One report'],
        ['how a person sees #report: its heading', 'One report'],
        ['the heading of projectsIndex', 'Choose a project'],
        ['how a person sees #projectsIndex: its heading', 'Choose a project'],
      ]);
      for (const file of written) {
        const path = join(copy, file);
        // A `// TODO:` comment marks a decision in code (a data shape, an API path): made, it goes.
        const source = readFileSync(path, 'utf8')
          .replace(/^ *\/\/ TODO:.*\n/gm, '')
          .replace(/'TODO: ([^']*)'/g, (_, what: string) =>
            JSON.stringify(
              words.get(what) ??
                (what.startsWith('the title of project (')
                  ? 'Project {projectId}'
                  : // Each screen's failure its own words: a list and its detail may both fail at once.
                    (/^the heading when (\w+) did not load$/.exec(what)?.[1]?.concat(' not loaded') ??
                    `Words for ${what.split(' ').slice(-2).join(' ')}`)),
            ).replace(/"/g, "'"),
          );
        writeFileSync(path, source);
      }
      expect((await gate()).trim()).toBe('');
      const touched = written;
      await timed('prettier', () => formatFiles(copy, touched));
      // The type check and the path tests, each a process of its own, run side by side, and ESLint
      // beside them in this one: they read the copy and write nothing the others read. The
      // failures are reported in this order all the same: types, lint, paths.
      const typeCheck = timed('tsc', () =>
        start(
          'node_modules/.bin/tsx',
          relative(resolve('.'), fileURLToPath(new URL('./affectedTypes.ts', import.meta.url))),
          '.',
          ...touched,
        ),
      );
      const pathRun = timed('vitest', () =>
        start(
          'node_modules/.bin/vitest',
          'run',
          '--project',
          'paths',
          '--project',
          'paths-dom',
          'tests/paths/machine.test.ts',
          'tests/paths/dom.test.tsx',
          // The random walks reload anywhere: what a reload keeps (the roles) must be in storedInput.
          'tests/paths/walk.test.ts',
          '-t',
          'product',
          '--reporter',
          'verbose',
        ),
      );
      // Awaited below, in order; a failure before then is not an unhandled rejection.
      for (const pending of [typeCheck, pathRun]) pending.catch(() => undefined);
      const eslint = new ESLint({ cwd: copy });
      const linted = await timed('eslint', () => eslint.lintFiles(touched));

      const types = JSON.parse(await typeCheck) as ReturnType<typeof typeErrorsAffectedBy>;
      if (types.report) throw new Error(`tsc in the copy: the written code does not type-check:\n${types.report}`);
      // A change to the machine reaches every file that imports it, the machine's own tests too.
      expect(types.checked, 'files type-checked: those written and all that import them').toContain(
        'tests/machines/appMachine.test.ts',
      );
      const lintErrors = ESLint.getErrorResults(linted);
      if (lintErrors.length) {
        const report = await (await eslint.loadFormatter('stylish')).format(lintErrors);
        throw new Error(`ESLint in the copy: the written code does not lint:\n${report}`);
      }
      const paths = await pathRun;
      // The generator's covering walks are named by where they end, not by every state they pass:
      // what was reached is in the coverage report the path tests write.
      const coverage = JSON.parse(readFileSync(join(copy, 'test-results/paths/coverage.json'), 'utf8')) as Record<
        string,
        Record<string, { states: { covered: number; total: number }; transitions: { covered: number; total: number } }>
      >;
      for (const level of ['machine', 'dom']) {
        const figures = coverage.product?.[level];
        expect(figures, `no ${level}-level coverage of the product in the copy`).toBeDefined();
        expect(figures!.states.covered, `${level} level: product states covered`).toBe(figures!.states.total);
        expect(figures!.transitions.covered, `${level} level: product transitions covered`).toBe(
          figures!.transitions.total,
        );
        // home and notFound; projects, its two regions (its three call states; its index and
        // project, itself two regions: its two tabs and its three call states), settings and its two
        // tabs, member and its three call states, newProject and its five form states, admin and
        // notAllowed; report, its two regions, its two tabs and its three call states.
        expect(figures!.states.total, `${level} level: the generated states are in the product machine`).toBe(41);
      }
      expect(paths).not.toMatch(/ \d+\/\d+ \((?!100%)/);
      console.log(`new:screen copy test, per step: ${took.join(', ')}`);
    } finally {
      stopping.abort();
      rmSync(copy, { recursive: true, force: true });
    }
  }, 240_000);
});
