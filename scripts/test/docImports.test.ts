import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { DECLARATION_OPTIONS, isInternalEntry } from '../api-report';
import { buildPackages } from '../build-packages';

/**
 * Every name a README or doc imports from a package is one its entry exports, as built: a reader
 * who copies a snippet gets no "has no exported member". The docs are the pages a user reads
 * (README.md, packages/*\/README.md, docs/*.md); the imports are those of their fenced code blocks,
 * read with TypeScript's parser (multi-line, `type`, `as`); the exports are those of the built
 * `.d.ts` each entry's `types` names, read with the compiler, as scripts/api-report.ts reads them.
 * The names a README's entry table (`| \`@statechart/x\` | \`name(…)\`: … |`) or the prose
 * ("\`name\` from \`@statechart/x\`") gives an entry count too. No doc imports an `/internal`
 * entry: it is for the framework's own packages.
 */

const SCOPE = '@statechart/';

const docs = [
  'README.md',
  ...readdirSync('packages')
    .filter((name) => existsSync(join('packages', name, 'README.md')))
    .map((name) => `packages/${name}/README.md`),
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

interface DocImport {
  /** The 1-based line of the import in its page. */
  line: number;
  /** `@statechart/core`, `@statechart/paths/vitest`… */
  specifier: string;
  /** What the snippet takes from the entry by name: `default` for a default import. */
  names: string[];
  /** How the page uses the names: `imports` (a code block), `lists` (a table row or the prose). */
  verb?: 'imports' | 'lists';
}

/** The fenced code blocks of a page (``` or ~~~), each with the line its first code line is on. */
function codeBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  let open: { fence: string; line: number; lines: string[] } | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fence = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (!open) {
      if (fence) open = { fence, line: index + 2, lines: [] };
    } else if (
      fence &&
      fence[0] === open.fence[0] &&
      fence.length >= open.fence.length &&
      !text.trim().slice(fence.length)
    ) {
      blocks.push({ line: open.line, code: open.lines.join('\n') });
      open = undefined;
    } else {
      open.lines.push(text);
    }
  });
  return blocks;
}

/** The `import … from '@statechart/…'` (and `export … from`) statements of a page's code blocks. */
function docImports(markdown: string): DocImport[] {
  return codeBlocks(markdown).flatMap(({ line, code }) => {
    const source = ts.createSourceFile('snippet.tsx', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
    const found: DocImport[] = [];
    const add = (node: ts.Node, specifier: ts.Expression | undefined, names: string[]) => {
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith(SCOPE)) return;
      const at = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      found.push({ line: line + at, specifier: specifier.text, names });
    };
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement)) {
        const clause = statement.importClause;
        const bindings = clause?.namedBindings;
        const names = [
          ...(clause?.name ? ['default'] : []),
          ...(bindings && ts.isNamedImports(bindings)
            ? bindings.elements.map((element) => (element.propertyName ?? element.name).text)
            : []),
        ];
        add(statement, statement.moduleSpecifier, names);
      } else if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        const names =
          clause && ts.isNamedExports(clause)
            ? clause.elements.map((element) => (element.propertyName ?? element.name).text)
            : [];
        add(statement, statement.moduleSpecifier, names);
      }
    }
    return found;
  });
}

/** The code spans of a Markdown text with where each starts, outside them the text as written. */
function codeSpans(text: string): { code: string; index: number }[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((match) => ({ code: match[1] as string, index: match.index }));
}

/** The name a code span stands for: `createApp(options)`, `<Field>`, `type T`, `useX<T>()` → their name. */
const spanName = (code: string): string | undefined => /^(?:type\s+)?<?([A-Za-z_$][\w$]*)/.exec(code.trim())?.[1];

/** Where a cell's lead ends: its first `: ` outside code spans and parentheses, or -1. */
function leadEnd(cell: string): number {
  let depth = 0;
  let code = false;
  for (let i = 0; i < cell.length; i++) {
    const char = cell[i];
    if (char === '`') code = !code;
    else if (code) continue;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ':' && cell[i + 1] === ' ' && depth === 0) return i;
  }
  return -1;
}

/** The code spans of a text outside its parentheses (an aside: a method, a field, an example). */
function spansOutsideParentheses(text: string): string[] {
  let depth = 0;
  let code = false;
  let kept = '';
  for (const char of text) {
    if (char === '`') code = !code;
    if (!code && char === '(') depth++;
    if (depth === 0) kept += char;
    if (!code && char === ')') depth = Math.max(0, depth - 1);
  }
  return codeSpans(kept).map(({ code: span }) => span);
}

/**
 * The names a page says an entry has, in prose: a READMEs' table row `| \`@statechart/x\` | \`a(…)\`,
 * \`b\`: what they do |` (the names are the cell's lead, before its first `: `, or after it when the
 * lead has none; parenthesised asides are not names), and "\`name\` from \`@statechart/x\`".
 */
function docMentions(markdown: string): DocImport[] {
  const found: DocImport[] = [];
  const inCode = new Set(
    codeBlocks(markdown).flatMap(({ line, code }) => code.split('\n').map((_, index) => line + index)),
  );
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (inCode.has(line)) return;
    const row = /^\|\s*`(@statechart\/[\w/.-]+)`\s*\|(.*)$/.exec(text);
    if (row) {
      const rest = row[2] as string;
      const cell = rest.slice(0, rest.search(/\|(?=[^`]*(`[^`]*`[^`]*)*$)/) >>> 0);
      const end = leadEnd(cell);
      const lead = end < 0 ? cell : cell.slice(0, end);
      const spans = spansOutsideParentheses(lead);
      const names = (spans.length ? spans : end < 0 ? [] : spansOutsideParentheses(cell.slice(end + 1)))
        .map(spanName)
        .filter((name): name is string => name !== undefined);
      if (names.length) found.push({ line, specifier: row[1] as string, names, verb: 'lists' });
    }
    for (const match of text.matchAll(
      /`(?:type\s+)?([A-Za-z_$][\w$]*)(?:\(\))?`\s+from\s+`?(@statechart\/[\w/-]+)`?/g,
    )) {
      found.push({ line, specifier: match[2] as string, names: [match[1] as string], verb: 'lists' });
    }
  });
  return found;
}

interface Entry {
  /** The entry's folder under packages/, its manifest's `exports` key and its built declarations. */
  dir: string;
  key: string;
  types: string | undefined;
}

/** Every entry of every package: `@statechart/core/internal` → its package folder and `exports` key. */
function packageEntries(): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const dir of readdirSync('packages')) {
    const file = join('packages', dir, 'package.json');
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
      name: string;
      exports?: Record<string, string | { types?: string }>;
    };
    for (const [key, target] of Object.entries(manifest.exports ?? {})) {
      const types = typeof target === 'string' ? undefined : target.types;
      entries.set(`${manifest.name}${key === '.' ? '' : key.slice(1)}`, {
        dir,
        key,
        types: types && join('packages', dir, types),
      });
    }
  }
  return entries;
}

/** The names each entry's built declarations export (aliases and `export *` followed by the compiler). */
function exportedNames(entries: Map<string, Entry>): Map<string, Set<string>> {
  const files = [...entries.values()].flatMap(({ types }) => (types ? [types] : []));
  const program = ts.createProgram(files, DECLARATION_OPTIONS);
  const checker = program.getTypeChecker();
  const names = new Map<string, Set<string>>();
  for (const [specifier, { types }] of entries) {
    const source = types ? program.getSourceFile(types) : undefined;
    const symbol = source && checker.getSymbolAtLocation(source);
    names.set(specifier, new Set(symbol ? checker.getExportsOfModule(symbol).map(({ name }) => name) : []));
  }
  return names;
}

/** What is wrong with each import of a page, each a line a reader can act on. */
function wrongImports(
  page: string,
  markdown: string,
  entries: Map<string, Entry>,
  exported: Map<string, Set<string>>,
): string[] {
  const problems: string[] = [];
  for (const { line, specifier, names, verb = 'imports' } of [...docImports(markdown), ...docMentions(markdown)]) {
    const at = `${page}:${line}`;
    const entry = entries.get(specifier);
    if (!entry) {
      const known = [...entries.keys()].filter((name) => !isInternalEntry(entries.get(name)?.key ?? '')).join(', ');
      problems.push(`${at}: ${verb} from ${specifier}, which no package exports. The public entries: ${known}.`);
      continue;
    }
    if (isInternalEntry(entry.key)) {
      problems.push(
        `${at}: ${verb} ${names.join(', ') || specifier} from ${specifier}, the framework's internal entry, which ` +
          `products and docs never import (semver does not cover it). Show a public name instead, or make the name public.`,
      );
      continue;
    }
    const has = exported.get(specifier) ?? new Set<string>();
    for (const name of names) {
      if (has.has(name)) continue;
      const elsewhere = [...exported]
        .filter(
          ([other, set]) => other !== specifier && set.has(name) && !isInternalEntry(entries.get(other)?.key ?? ''),
        )
        .map(([other]) => other);
      const internal = [...exported].some(
        ([other, set]) => set.has(name) && isInternalEntry(entries.get(other)?.key ?? ''),
      );
      const change = elsewhere.length
        ? `import it from ${elsewhere.join(' or ')}`
        : internal
          ? 'it is internal now (semver does not cover it): show the public way instead'
          : `use the name ${specifier} exports for it (packages/${entry.dir}/api/${entry.dir}.api.md), or export it from packages/${entry.dir}/src`;
      problems.push(`${at}: ${verb} ${name} from ${specifier}, which does not export it: ${change}.`);
    }
  }
  return problems;
}

describe('the docs import only what the packages export', () => {
  it('reads imports in code blocks: multi-line, type, as, default, export from', () => {
    const page = [
      '# A page',
      'Prose with `import { nope } from "@statechart/core"` is not code.',
      '```ts',
      "import { a, b as c, type T } from '@statechart/core';",
      'import {',
      '  d,',
      '  type E,',
      "} from '@statechart/paths/vitest';",
      "import x, { y } from '@statechart/react';",
      "import { z } from 'xstate';",
      "export { w } from '@statechart/forms';",
      '```',
      '~~~tsx',
      "import '@statechart/react/styles.css';",
      '~~~',
    ].join('\n');
    expect(docImports(page)).toEqual([
      { line: 4, specifier: '@statechart/core', names: ['a', 'b', 'T'] },
      { line: 5, specifier: '@statechart/paths/vitest', names: ['d', 'E'] },
      { line: 9, specifier: '@statechart/react', names: ['default', 'y'] },
      { line: 11, specifier: '@statechart/forms', names: ['w'] },
      { line: 14, specifier: '@statechart/react/styles.css', names: [] },
    ]);
  });

  it("reads the names a README's entry table and the prose say an entry has", () => {
    const page = [
      '| entry | what it holds |',
      '| `@statechart/forms` | `limits`, `storage`: the defaults of fields and drafts |',
      '| `@statechart/calls` | what a machine knows: `CallError`, `toCallError` (no `io`) |',
      '| `@statechart/react` | `createApp(options)` (for tests: a memory history) and `<Outlet>` |',
      '| `@statechart/forms` | `sharedDraft({ key })`: a draft (revisions; `load`); `watch` hears |',
      '| `@statechart/react/styles.css` | the UI primitives every view uses |',
      'Use `isDirty` from `@statechart/forms`, and `type FormState` from @statechart/forms.',
      '```md',
      '| `@statechart/core` | `inCode` |',
      '```',
    ].join('\n');
    expect(docMentions(page)).toEqual([
      { line: 2, specifier: '@statechart/forms', names: ['limits', 'storage'], verb: 'lists' },
      { line: 3, specifier: '@statechart/calls', names: ['CallError', 'toCallError'], verb: 'lists' },
      { line: 4, specifier: '@statechart/react', names: ['createApp', 'Outlet'], verb: 'lists' },
      { line: 5, specifier: '@statechart/forms', names: ['sharedDraft'], verb: 'lists' },
      { line: 7, specifier: '@statechart/forms', names: ['isDirty'], verb: 'lists' },
      { line: 7, specifier: '@statechart/forms', names: ['FormState'], verb: 'lists' },
    ]);
  });

  describe('with the built packages', () => {
    let entries: Map<string, Entry>;
    let exported: Map<string, Set<string>>;
    beforeAll(async () => {
      await buildPackages({ quiet: true });
      entries = packageEntries();
      exported = exportedNames(entries);
      // The build is incremental, but a changed package rebuilds its declarations: as long as a test.
    }, 120_000);

    it('fails on a name no entry exports, an entry that does not exist and an internal entry', () => {
      const page = [
        '```ts',
        "import { createMemoryHistory, noSuchName } from '@statechart/core';",
        "import { nothing } from '@statechart/core/nowhere';",
        "import { BOOT_STATE } from '@statechart/core/internal';",
        '```',
      ].join('\n');
      const problems = wrongImports('docs/x.md', page, entries, exported);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toMatch(
        /^docs\/x\.md:2: imports noSuchName from @statechart\/core, which does not export it/,
      );
      expect(problems[1]).toMatch(/^docs\/x\.md:3: imports from @statechart\/core\/nowhere, which no package exports/);
      expect(problems[2]).toMatch(/^docs\/x\.md:4: imports BOOT_STATE from @statechart\/core\/internal/);
    });

    it('every name a README or doc imports or lists is exported by the entry it names', () => {
      const problems = docs.flatMap((page) => wrongImports(page, readFileSync(page, 'utf8'), entries, exported));
      expect(
        problems,
        `${problems.length} imports in the docs that a product cannot make:\n${problems.join('\n')}`,
      ).toEqual([]);
    });
  });
});
