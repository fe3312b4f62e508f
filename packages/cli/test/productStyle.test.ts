import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLines, mergeLines } from '../src/lineMerge';
import { runNewScreen } from '../src/run';

/**
 * A product as it starts: the repository's own product folders, from which create-statechart-app's
 * template is assembled (scripts/template.ts), and the Prettier config it ships.
 */
const SCAFFOLD = fileURLToPath(new URL('../../../', import.meta.url));
const REPO_CONFIG = readFileSync(join(SCAFFOLD, '.prettierrc.json'), 'utf8');
const EDITED = ['machines/appMachine.ts', 'machines/strings.ts', 'tests/paths/productPaths.ts', 'src/api/calls.ts'];

const copies: string[] = [];
afterEach(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/** A fresh product: the template's source folders and a Prettier config (in a folder of its own, outside any other config). */
function product(config: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'product-style-'));
  copies.push(copy);
  for (const entry of ['machines', 'src', 'server', 'tests'])
    cpSync(join(SCAFFOLD, entry), join(copy, entry), { recursive: true });
  writeFileSync(join(copy, '.prettierrc.json'), config);
  return copy;
}

const snapshot = (root: string) => new Map(EDITED.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

/** What a generator did to a file, as `git diff` shows it: the lines it removed and the lines it added. */
function changes(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  const hunks = diffLines(a, b);
  return {
    removed: hunks.flatMap((hunk) => a.slice(hunk.aStart, hunk.aEnd)),
    added: hunks.flatMap((hunk) => b.slice(hunk.bStart, hunk.bEnd)),
  };
}

async function formattedBy(root: string, file: string): Promise<boolean> {
  const path = join(root, file);
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path });
}

describe('new:screen writes in the product’s own Prettier style', () => {
  it('in a product with the repository’s Prettier config, the diff holds only the lines the screen needs, and Prettier passes', async () => {
    const root = product(REPO_CONFIG);
    const before = snapshot(root);
    const wrote = await runNewScreen(['reports', 'reports'], root);
    const expected = {
      'machines/appMachine.ts': 5, // the state node: id, route, meta, braces
      'machines/strings.ts': 4, // title and nav
      'tests/paths/productPaths.ts': 1, // the assertion
    };
    for (const [file, lines] of Object.entries(expected)) {
      const { removed, added } = changes(before.get(file)!, readFileSync(join(root, file), 'utf8'));
      expect(removed, `${file}: lines the generator removed, of a screen that only adds`).toEqual([]);
      expect(added, `${file}: lines the generator added`).toHaveLength(lines);
    }
    expect(readFileSync(join(root, 'src/api/calls.ts'), 'utf8'), 'a file the screen does not need').toBe(
      before.get('src/api/calls.ts'),
    );
    for (const file of [...Object.keys(expected), 'src/views/reports.view.tsx']) {
      expect(wrote).toContain(`wrote ${file}`);
      expect(await formattedBy(root, file), `prettier --check ${file}`).toBe(true);
    }
  });

  it('in a product whose Prettier config differs from its files’ style, every line the generator did not write stays byte-identical, and the lines it wrote follow that config', async () => {
    const theirs = '{ "singleQuote": false, "printWidth": 80 }\n';
    const root = product(theirs);
    // The same screens in a product with the repository's config: the lines a generator edits.
    const reference = product(REPO_CONFIG);
    const before = snapshot(root);
    const screens = [
      ['reports', 'reports'],
      ['thing', ':thingId', '--loads'],
    ];
    for (const args of screens) {
      await runNewScreen(args, root);
      await runNewScreen(args, reference);
    }
    for (const file of EDITED) {
      const after = readFileSync(join(root, file), 'utf8');
      const { removed, added } = changes(before.get(file)!, after);
      const edited = changes(before.get(file)!, readFileSync(join(reference, file), 'utf8')).removed;
      // Lines the generator edits (an import it adds a name to) are its own; no other line changes.
      expect(removed, `${file}: lines changed that the generator did not edit`).toEqual(edited);
      const path = join(root, file);
      const formatted = (await prettier.format(after, { ...JSON.parse(theirs), filepath: path })).split('\n');
      const unlike = added.filter((line) => !formatted.includes(line));
      expect(unlike, `${file}: lines the generator wrote, not as ${theirs.trim()} writes them`).toEqual([]);
    }
    expect(readFileSync(join(root, 'machines/appMachine.ts'), 'utf8')).toContain('        id: "reports",\n');
    expect(await formattedBy(root, 'src/views/thing.view.tsx'), 'the new view in the product’s style').toBe(true);
  });

  it('in a product formatted with double quotes and 80 columns, the generators find their anchors, and Prettier passes', async () => {
    const root = product('{ "singleQuote": false, "printWidth": 80 }\n');
    for (const file of EDITED) {
      const path = join(root, file);
      const options = { ...(await prettier.resolveConfig(path)), filepath: path };
      writeFileSync(path, await prettier.format(readFileSync(path, 'utf8'), options));
    }
    await runNewScreen(['projects', 'projects', '--list'], root);
    await runNewScreen(['project', ':projectId', '--parent', 'projects', '--loads'], root);
    const form = await runNewScreen(['newProject', 'projects/new', '--form'], root);
    // The list is found through a `meta` that 80 columns broke over lines: the save makes it stale.
    expect(form.join('\n')).not.toContain('to do:');
    expect(readFileSync(join(root, 'src/api/calls.ts'), 'utf8')).toContain('invalidates: ["getProjects"]');
    for (const file of EDITED) expect(await formattedBy(root, file), `prettier --check ${file}`).toBe(true);
  });
});

describe('mergeLines', () => {
  it('keeps a restyled neighbour of a written line as the product has it', () => {
    const base = ['import { a } from "x";', 'const b = "b";', 'const c = "c";'];
    const ours = ["import { a } from 'x';", "const b = 'b';", "const c = 'c';"];
    const theirs = ['import { a, z } from "x";', 'const b = "b";', 'const n = "n";', 'const c = "c";'];
    expect(mergeLines(base, ours, theirs)).toEqual([
      'import { a, z } from "x";',
      "const b = 'b';",
      'const n = "n";',
      "const c = 'c';",
    ]);
  });
});
