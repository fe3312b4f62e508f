import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path a comment, a README or a doc names is there: a reader sent to a file that
 * has moved (the devtools' layout once named under the product's src/, now in packages/devtools/src)
 * finds nothing, and no other test notices. Read: every tracked Markdown page (whole, code blocks
 * included: they list real files too), and in every tracked .ts, .tsx, .js and .mjs file what a
 * person reads (prose: comments, messages, a test's titles). Not read: CHANGELOGs, .changeset/, the
 * released API reports and the decision records (docs/decisions/NNNN-*.md), which record what was
 * true when they were written; their index, docs/decisions/README.md, is read.
 *
 * A path is a token that starts with one of the repository's top-level folders (`packages/`,
 * `docs/`, …: ROOTS) and is not part of a longer path or a URL. It resolves if it is there from the
 * root or from the package or example the file belongs to (in its README, a package's src/index.ts
 * is its own). Not checked: placeholders (`<name>`, `*`, `{a,b}`, `${id}`, `…`, `NAME`, a name cut
 * at a `-`), a path inside something the sentence names ("each package's src/index.ts"), and the
 * files only a grown product has (WRITTEN_IN_A_PRODUCT), which the docs name as files of the
 * reader's product.
 */

/** The top-level folders whose paths are checked: the framework's, the tools' and the product's. */
const ROOTS = ['packages', 'scripts', 'docs', 'examples', 'bench', 'tests', 'src', 'machines', 'server'];

/** A root folder, then path characters and the placeholder marks (so that a placeholder is one token). */
const PATH_TOKEN = new RegExp(`(?<![\\w./@$~\\\\-])(?:${ROOTS.join('|')})/[\\w.@/<>*{}\\[\\]\\\\$…-]*`, 'g');

/** `<state id>`, `*.bench.ts`, `{a,b}`, `${id}`, `[id]`, `…`: a name to fill in, not a file. */
const PLACEHOLDER = /[<>*{}[\]\\$…]|(^|\/|\.)NAME(\.|\/|$)/;

/**
 * Files only a grown product has: new:screen writes them, or a doc's recipe has the team write
 * them, and the docs and the generators' tests name them as files of the reader's product. Each
 * with its reason; a path here is accepted only where it is not there.
 */
const WRITTEN_IN_A_PRODUCT: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^src\/views\/\w+\.view\.tsx$/,
    why: 'a screen’s view: new:screen writes src/views/<state id>.view.tsx for each screen a product adds',
  },
  {
    pattern: /^machines\/\w+Form\.ts$/,
    why: 'a form’s fields and schema: new:screen --form writes machines/<id>Form.ts',
  },
  { pattern: /^(machines|src)\/session\.ts$/, why: 'the session a role reads: new:screen --role writes both files' },
  {
    pattern: /^src\/\w+Draft\.ts$/,
    why: 'a form’s draft in storage: docs/forms.md’s drafts recipe has the team write src/<form>Draft.ts',
  },
  {
    pattern: /^tests\/playwright(\/[\w.]+)?$/,
    why: 'a product’s Playwright Test files: docs/paths.md’s recipe has a team that uses Playwright write them',
  },
  {
    pattern: /^tests\/paths\/(parts(\/[\w.]+)?|gate\.test\.ts)$/,
    why: 'a product’s path tests split over machines: docs/paths.md’s CI matrix has the team write the part files and the gate',
  },
];

/** Not read: what records the past as it was, and what no person reads as a pointer. */
const NOT_READ = [
  /(^|\/)CHANGELOG\.md$/,
  /^\.changeset\//,
  /^packages\/[^/]+\/api\/[^/]+\.md$/,
  /(^|\/)package-lock\.json$/,
  /^scripts\/outside\/releases\//,
  /^docs\/decisions\/\d{4}-/,
];

interface NamedPath {
  path: string;
  /** 1-based. */
  line: number;
}

/** The path tokens of some text, each with its line (counted from `firstLine`). */
function pathTokens(text: string, firstLine = 1): NamedPath[] {
  return text.split('\n').flatMap((line, index) =>
    [...line.matchAll(PATH_TOKEN)]
      // "a package's src/index.ts" is a path inside what the sentence names, not from the root.
      .filter((match) => !/['’]s `?$/.test(line.slice(0, match.index)))
      .map((match) => match[0])
      .filter((token) => !PLACEHOLDER.test(token) && !token.endsWith('-'))
      .map((token) => ({ path: token.replace(/[.]+$/, '').replace(/\/+$/, ''), line: firstLine + index })),
  );
}

/** A test file: its strings are its fixtures and expectations, but for its titles and messages. */
const TEST_FILE = /(^|\/)tests?\/|\.test\.tsx?$/;

/** `describe(…)`, `it.each(…)(…)`, `test.concurrent(…)`: their first argument is a title. */
const TITLED = /^(describe|it|test)\b/;

/**
 * What a person reads in a TypeScript or JavaScript file, each with the line it starts on: its
 * comments, and its strings that hold a sentence (an error's message, the text of a generated
 * page). A string without a space is a value (a fixture's path, a module id, a file a generator
 * writes), which running the code checks. In a test file, only the titles (`describe`, `it`) and
 * the messages of `expect(value, message)` are read: its other strings are the input it feeds the
 * code under test (a fake page, a fake tool output) and what it expects back.
 */
function prose(fileName: string, source: string): { text: string; line: number }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, scriptKind(fileName));
  const allStrings = !TEST_FILE.test(fileName);
  const found = new Map<number, { text: string; line: number }>();
  const add = (pos: number, end: number) => {
    if (found.has(pos)) return;
    found.set(pos, { text: source.slice(pos, end), line: file.getLineAndCharacterOfPosition(pos).line + 1 });
  };
  const addComments = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) add(range.pos, range.end);
  };
  // A comment is trivia before some token: visit every token (getChildren, not forEachChild, which
  // skips the punctuation a comment may precede, as a block's closing brace).
  const visit = (node: ts.Node, read: boolean) => {
    addComments(ts.getLeadingCommentRanges(source, node.pos));
    addComments(ts.getTrailingCommentRanges(source, node.pos));
    if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node) || ts.isJsxText(node)) {
      const start = node.getStart(file);
      if (read && /\s/.test(source.slice(start, node.end).trim())) add(start, node.end);
      return;
    }
    const readArguments = new Set<ts.Node>();
    if (!allStrings && ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (TITLED.test(callee) && node.arguments[0]) readArguments.add(node.arguments[0]);
      if (callee === 'expect' && node.arguments[1]) readArguments.add(node.arguments[1]);
    }
    for (const child of node.getChildren(file)) {
      // An argument list is a SyntaxList child: look one level in for the arguments themselves.
      if (child.kind === ts.SyntaxKind.SyntaxList && readArguments.size) {
        addComments(ts.getLeadingCommentRanges(source, child.pos));
        for (const argument of child.getChildren(file)) visit(argument, read || readArguments.has(argument));
      } else {
        visit(child, read);
      }
    }
  };
  visit(file, allStrings);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.ts')) return ts.ScriptKind.TS;
  return ts.ScriptKind.JSX;
}

/** The paths a file names: all of a Markdown page, the comments of code. */
function namedPaths(fileName: string, source: string): NamedPath[] {
  if (fileName.endsWith('.md')) return pathTokens(source);
  // Most files name no path at all: parse only those that may.
  if (source.search(PATH_TOKEN) < 0) return [];
  return prose(fileName, source).flatMap(({ text, line }) => pathTokens(text, line));
}

/** The folder of the package or example a file belongs to, from which its paths may be written. */
function homeOf(fileName: string): string | undefined {
  return /^(packages|examples)\/[^/]+\//.exec(fileName)?.[0];
}

/** Each path a file names that is nowhere, as a message that says what to change. */
function missingPaths(fileName: string, source: string, exists: (path: string) => boolean = existsSync): string[] {
  const home = homeOf(fileName);
  return namedPaths(fileName, source)
    .filter(({ path }) => !exists(path) && !(home && exists(home + path)))
    .filter(({ path }) => !WRITTEN_IN_A_PRODUCT.some(({ pattern }) => pattern.test(path)))
    .map(
      ({ path, line }) =>
        `${fileName}:${line} names ${path}, which is not there (looked from the root${home ? ` and from ${home}` : ''}): ` +
        'write where it is now, or drop the name; a file new:screen writes in a product goes in WRITTEN_IN_A_PRODUCT with its reason',
    );
}

const CHECKED = /\.(md|ts|tsx|mjs|js)$/;

function checkedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
    .split('\0')
    .filter((file) => CHECKED.test(file) && !NOT_READ.some((pattern) => pattern.test(file)) && existsSync(file));
}

describe('comments, READMEs and docs name only paths that exist', () => {
  it('finds a stale path in a page and in a comment, and passes what is not a path (the check below can fail)', () => {
    const there = new Set(['docs/routing.md', 'packages/core/src/routed.ts', 'packages/core/src/index.ts']);
    const exists = (path: string) => there.has(path);
    const page = [
      'See docs/routing.md, `docs/gone.md` and [x](https://x.org/docs/gone.md).',
      'One per screen: src/views/<state id>.view.tsx, bench/*.bench.ts, bench/NAME.bench.ts, docs/shot-\\*.png.',
      '`npm run new:screen` writes src/views/projects.view.tsx.',
    ].join('\n');
    expect(missingPaths('docs/page.md', page, exists)).toEqual([
      expect.stringMatching(/^docs\/page\.md:1 names docs\/gone\.md, which is not there/),
    ]);
    const code = [
      "const a = 'src/gone.ts'; // packages/core/src/routed.ts, each package's src/main.ts",
      '/**',
      ' * Moved from src/dev/layout.ts, see `src/index.ts`.',
      ' */',
      'function f() {',
      '  return 1;',
      '  // before the brace: tests/gone.ts',
      '}',
      'const view = <p>{/* src/jsx/gone.tsx */}</p>;',
      "it('reads src/title/gone.ts', () => expect(read('docs/a fixture/gone.md'), 'see scripts/gone.ts').toBe(1));",
      "throw new Error('a message names server/gone.ts');",
    ].join('\n');
    expect(missingPaths('packages/core/src/x.tsx', code, exists)).toEqual([
      expect.stringMatching(/^packages\/core\/src\/x\.tsx:3 names src\/dev\/layout\.ts, .* and from packages\/core\//),
      expect.stringMatching(/:7 names tests\/gone\.ts,/),
      expect.stringMatching(/:9 names src\/jsx\/gone\.tsx,/),
      expect.stringMatching(/:10 names src\/title\/gone\.ts,/),
      expect.stringMatching(/:10 names docs\/a,/),
      expect.stringMatching(/:10 names scripts\/gone\.ts,/),
      expect.stringMatching(/:11 names server\/gone\.ts,/),
    ]);
    // In a test file, a string is the test's input unless it is a title or an assertion's message.
    expect(
      missingPaths('packages/core/test/x.test.tsx', code, exists).map(
        (message) => / names (\S+), which/.exec(message)?.[1],
      ),
    ).toEqual(['src/dev/layout.ts', 'tests/gone.ts', 'src/jsx/gone.tsx', 'src/title/gone.ts', 'scripts/gone.ts']);
    expect(missingPaths('packages/core/README.md', 'The entry: src/routed.ts.', exists)).toEqual([]);
  });

  it('every tracked page and comment names paths that are there', () => {
    const missing = checkedFiles().flatMap((file) => missingPaths(file, readFileSync(file, 'utf8')));
    expect(missing).toEqual([]);
  });
});
