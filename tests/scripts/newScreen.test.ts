import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAssertion, addState, addStrings, parseArgs, viewSource, withOutlet } from '../../scripts/new-screen';

const read = (path: string) => readFileSync(resolve(path), 'utf8');

describe('npm run new:screen (scripts/new-screen.ts)', () => {
  it('adds a routable state before not-found, with its path and the words it needs', () => {
    const source = addState(read('machines/appMachine.ts'), { id: 'things', path: 'things' });
    expect(source).toContain("      things: {\n        id: 'things',\n        route: {},");
    expect(source).toContain("meta: { path: 'things', title: strings.things.title, nav: strings.things.nav }");
    expect(source.indexOf("id: 'things'")).toBeLessThan(source.indexOf("id: 'notFound'"));
  });

  it('nests a state under a parent that has child states', () => {
    const parent =
      "states: {\n  things: {\n    id: 'things',\n    route: {},\n    states: {\n      list: {},\n    },\n  },\n  notFound: {},\n}";
    const source = addState(parent, { id: 'thing', path: ':id', parent: 'things' });
    expect(source).toContain("    states: {\n      thing: {\n        id: 'thing',");
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
    expect(source).toMatch(/import \{ int,[^}]*\} from '\.\/routeMeta';/);
    const block = addStrings(read('machines/strings.ts'), { id: 'thing', path: ':thingId' }).split('  thing: {')[1];
    expect(block).toContain("title: 'TODO: the title of thing ({thingId} is replaced by the param)'");
    expect(block).not.toContain('nav:');
  });

  it("moves a parent's title assertion to its new index child, and samples and fills a param in the child's", () => {
    const spec =
      "import x;\nparams: { '*': ['/x'] },\n  assertions: {\n    things: { heading: 'Things', title: strings.things.title },\n  },";
    const source = addAssertion(spec, { id: 'thing', path: ':thingId', parent: 'things' }, true);
    expect(source).toContain("things: { heading: 'Things' },");
    expect(source).toContain('thingsIndex: { title: strings.things.title },');
    expect(source).toContain(
      "thing: { heading: 'TODO: how a person sees #thing: its heading', title: (params) => interpolate(strings.thing.title, params) },",
    );
    expect(source).toContain("params: { thingId: [5], '*'");
    expect(source).toMatch(/^import \{ interpolate \} from '\.\.\/\.\.\/machines\/wording';/);
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
    expect(parseArgs(['thing', ':id', '--parent', 'things'])).toEqual({ id: 'thing', path: ':id', parent: 'things' });
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
  // product's path tests at machine and DOM level pass. Costly (a tsc of the whole program and a
  // jsdom path run, ~40 s on a shared 2-core machine), so it is one test, not one per generator.
  it('in a copy of the repository, every generator leaves placeholders the gate names, and once written, lint and the path tests pass', () => {
    const copy = mkdtempSync(join(tmpdir(), 'new-screen-'));
    try {
      const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file && existsSync(file));
      for (const file of files) cpSync(file, join(copy, file), { recursive: true });
      symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
      const run = (command: string, ...args: string[]) =>
        execFileSync(command, args, { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const generate = (...args: string[]) => run('node_modules/.bin/tsx', 'scripts/new-screen.ts', ...args);
      expect(generate('projects', 'projects')).toContain('wrote src/views/projects.view.tsx');
      expect(generate('project', ':projectId', '--parent', 'projects')).toContain('wrote src/views/project.view.tsx');
      expect(generate('settings', 'settings', '--tabs', 'general,privacy')).toContain(
        'wrote src/views/settings.view.tsx',
      );

      const gate = () =>
        run(
          'node_modules/.bin/tsx',
          '-e',
          "import('./tests/paths/placeholders.ts').then((m) => console.log(m.unfilledPlaceholders().join('\\n')))",
        );
      const named = gate();
      expect(named).toContain('strings.projects.title is a placeholder: write it in machines/strings.ts');
      expect(named).toContain('strings.settings.tabs.privacy is a placeholder: write it in machines/strings.ts');
      expect(named).toContain('src/views/project.view.tsx has placeholder words: write them');
      expect(named).toContain(
        'the assertion project.heading is a placeholder: say how a person sees it in tests/paths/productPaths.ts',
      );

      // What a person writes in place of each placeholder: headings match their assertions.
      const written = [
        'machines/strings.ts',
        'tests/paths/productPaths.ts',
        ...['projects', 'project', 'settings'].map((id) => `src/views/${id}.view.tsx`),
      ];
      const words = new Map([
        ['the heading of projects', 'All projects'],
        ['how a person sees #projects: its heading', 'All projects'],
        ['the heading of project', 'One project'],
        ['how a person sees #project: its heading', 'One project'],
        ['the heading of settings', 'Your settings'],
        ['how a person sees #settings: its heading', 'Your settings'],
      ]);
      for (const file of written) {
        const path = join(copy, file);
        const source = readFileSync(path, 'utf8').replace(/'TODO: ([^']*)'/g, (_, what: string) =>
          JSON.stringify(
            words.get(what) ??
              (what.startsWith('the title of project (')
                ? 'Project {projectId}'
                : `Words for ${what.split(' ').slice(-2).join(' ')}`),
          ).replace(/"/g, "'"),
        );
        writeFileSync(path, source);
      }
      expect(gate().trim()).toBe('');
      const touched = [...written, 'machines/appMachine.ts'];
      run('node_modules/.bin/prettier', '--write', '--log-level', 'warn', ...touched);
      run('node_modules/.bin/tsc', '--noEmit', '-p', '.');
      run('node_modules/.bin/eslint', ...touched);
      const paths = run(
        'node_modules/.bin/vitest',
        'run',
        '--project',
        'paths',
        '--project',
        'paths-dom',
        'tests/paths/machine.test.ts',
        'tests/paths/dom.test.tsx',
        '-t',
        'product',
        '--reporter',
        'verbose',
      );
      expect(paths).toMatch(/reaches \/projects\/5 \(projects\.project\)/);
      expect(paths).toMatch(/settings\.privacy/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }, 240_000);
});
