import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve('.');
const docs = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const scripts = Object.keys((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: object }).scripts);

/** Relative Markdown links `[text](target)` and `![alt](target)` of a page, with their line. */
function relativeLinks(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  markdown.split('\n').forEach((text, index) => {
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] as string;
      if (/^([a-z]+:|#)/i.test(target)) continue;
      links.push({ target, line: index + 1 });
    }
  });
  return links;
}

/** `npm run name` in a page (code or prose), with their line. */
function npmRunNames(markdown: string): { name: string; line: number }[] {
  return markdown
    .split('\n')
    .flatMap((text, index) =>
      [...text.matchAll(/npm run ([\w:.-]+)/g)].map((m) => ({ name: m[1] as string, line: index + 1 })),
    );
}

describe('the docs link only what exists', () => {
  it('finds links and npm scripts in a page (the checks below can fail)', () => {
    const page = 'See [a](docs/a.md#x), ![b](b.png), [web](https://x.org), [here](#top).\n`npm run nope -- x`';
    expect(relativeLinks(page)).toEqual([
      { target: 'docs/a.md#x', line: 1 },
      { target: 'b.png', line: 1 },
    ]);
    expect(npmRunNames(page)).toEqual([{ name: 'nope', line: 2 }]);
  });

  it.each(docs)('%s: every relative link names a file or folder of the repository', (page) => {
    const missing = relativeLinks(readFileSync(page, 'utf8'))
      .filter(
        ({ target }) => !existsSync(join(dirname(resolve(page)), decodeURIComponent(target.split('#')[0] as string))),
      )
      .map(
        ({ target, line }) =>
          `${page}:${line} links ${target}, which is not there (resolved from ${relative(root, dirname(resolve(page))) || '.'}/): fix the path or remove the link`,
      );
    expect(missing).toEqual([]);
  });

  it.each(docs)('%s: every `npm run X` is a script of package.json', (page) => {
    const unknown = npmRunNames(readFileSync(page, 'utf8'))
      .filter(({ name }) => !scripts.includes(name))
      .map(
        ({ name, line }) =>
          `${page}:${line} says "npm run ${name}", but package.json has no script "${name}" (it has: ${scripts.join(', ')})`,
      );
    expect(unknown).toEqual([]);
  });

  it('README links every page under docs/', () => {
    const readme = readFileSync('README.md', 'utf8');
    const unlinked = docs.filter((page) => page !== 'README.md' && !readme.includes(`](${page})`));
    expect(unlinked, 'pages README.md does not link: add each to its "Docs, one page per slot" table').toEqual([]);
  });
});
