import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addAssertion, addState, addStrings, parseArgs, viewSource } from '../../scripts/new-screen';

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

  it('refuses a duplicate id, an unknown parent, a parent without child states and a bad id', () => {
    const machine = read('machines/appMachine.ts');
    expect(() => addState(machine, { id: 'home', path: 'x' })).toThrow('already has a state #home');
    expect(() => addState(machine, { id: 'x', path: 'x', parent: 'nope' })).toThrow('no state #nope');
    expect(() => addState(machine, { id: 'x', path: 'x', parent: 'home' })).toThrow('has no "states: {" block');
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

  it('in a copy of the repository, leaves placeholders that the gate names until they are filled in', () => {
    const copy = mkdtempSync(join(tmpdir(), 'new-screen-'));
    try {
      const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file && existsSync(file));
      for (const file of files) cpSync(file, join(copy, file), { recursive: true });
      symlinkSync(resolve('node_modules'), join(copy, 'node_modules'));
      const run = (...args: string[]) => execFileSync('npx', ['tsx', ...args], { cwd: copy, encoding: 'utf8' });
      expect(run('scripts/new-screen.ts', 'things', 'things')).toContain('wrote src/views/things.view.tsx');
      const gate = run(
        '-e',
        "import('./tests/paths/placeholders.ts').then((m) => console.log(m.unfilledPlaceholders().join('\\n')))",
      );
      expect(gate).toContain('strings.things.title is a placeholder: write it in machines/strings.ts');
      expect(gate).toContain('src/views/things.view.tsx has placeholder words: write them');
      expect(gate).toContain(
        'the assertion things.heading is a placeholder: say how a person sees it in tests/paths/productPaths.ts',
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
