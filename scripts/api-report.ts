/**
 * The public API of each package, as checked-in reports (`packages/<name>/api/<name>.api.md`):
 * every entry of its `exports`, and for each exported name its declaration as the built `.d.ts`
 * states it (doc comments left out). A change of the API shows in review as a change of that file;
 * scripts/test/apiReport.test.ts fails when the built API and the report differ.
 *
 * `npm run api:report` writes the reports (after `npm run build:packages`). The idea is
 * api-extractor's (xstate-tree checks in `xstate-tree.api.md`); this is the part of it we use,
 * read with the TypeScript compiler already installed.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  name: string;
  exports?: Record<string, string | { types?: string }>;
}

/** How the built entries' declarations are read: as a product's bundler-resolved TypeScript reads them. */
export const DECLARATION_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  noEmit: true,
};

export interface ApiReport {
  /** e.g. packages/core/api/core.api.md */
  file: string;
  text: string;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

function declarationText(node: ts.Declaration): string {
  // A `const` is printed with its statement (`export declare const x: T;`), the rest as declared.
  const printed =
    ts.isVariableDeclaration(node) && ts.isVariableStatement(node.parent.parent) ? node.parent.parent : node;
  return printer.printNode(ts.EmitHint.Unspecified, printed, node.getSourceFile());
}

interface Entry {
  /** The package's folder name under packages/, e.g. `core`. */
  name: string;
  packageName: string;
  /** The key of `exports`: `.`, `./server`, `./internal`… */
  entry: string;
  /** The entry's built declarations. */
  file: string;
}

/**
 * An entry for the framework's own packages only (`./internal`): its banner says semver does not
 * cover it, products never import it (eslint.config.js), and no public signature may name a type
 * only it exports.
 */
export const isInternalEntry = (entry: string): boolean => entry === './internal' || entry.endsWith('/internal');

/** `@statechart/core` for `.`, `@statechart/core/internal` for `./internal`. */
const specifierOf = ({ packageName, entry }: Entry) => `${packageName}${entry === '.' ? '' : entry.slice(1)}`;

/** Every entry of `exports` that names built declarations, in every package, read with one program. */
function apiProgram(): { entries: Entry[]; program: ts.Program; checker: ts.TypeChecker } {
  const packages = readdirSync(join(root, 'packages'))
    .map((name) => ({ name, dir: join(root, 'packages', name) }))
    .filter(({ dir }) => existsSync(join(dir, 'package.json')));
  const entries = packages.flatMap(({ name, dir }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    return Object.entries(manifest.exports ?? {}).flatMap(([entry, target]) => {
      const types = typeof target === 'string' ? undefined : target.types;
      return types ? [{ name, packageName: manifest.name, entry, file: join(dir, types) }] : [];
    });
  });
  const missing = entries.filter(({ file }) => !existsSync(file));
  if (missing.length) {
    throw new Error(
      `Declarations missing: ${missing.map(({ file }) => file).join(', ')}. Run npm run build:packages first.`,
    );
  }
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    DECLARATION_OPTIONS,
  );
  return { entries, program, checker: program.getTypeChecker() };
}

/** The names an entry exports, each with the symbol it stands for (aliases followed). */
function exportsOf(program: ts.Program, checker: ts.TypeChecker, file: string): { name: string; target: ts.Symbol }[] {
  const source = program.getSourceFile(file);
  const moduleSymbol = source && checker.getSymbolAtLocation(source);
  const exported = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
  return exported.map((symbol) => ({
    name: symbol.name,
    target: symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  }));
}

/** The report of every package in packages/ whose `exports` name built declarations. */
export function apiReports(): ApiReport[] {
  const { entries, program, checker } = apiProgram();
  const reports = new Map<string, string[]>();
  for (const entry of entries) {
    const lines = [`## ${specifierOf(entry)}`, ''];
    if (isInternalEntry(entry.entry)) {
      lines.push("Internal: for the framework's own packages. Semver does not cover it; products never import it.", '');
    }
    lines.push('```ts');
    const exported = exportsOf(program, checker, entry.file);
    for (const { name, target } of exported.sort((a, b) => a.name.localeCompare(b.name))) {
      for (const declaration of target.declarations ?? []) {
        const text = declarationText(declaration).replace(/^export (declare )?/, '');
        lines.push(target.name === name ? text : `${text} // exported as ${name}`);
      }
    }
    lines.push('```', '');
    const report = reports.get(entry.name) ?? [];
    reports.set(entry.name, [...report, ...lines]);
  }
  return [...reports].map(([name, lines]) => ({
    file: join('packages', name, 'api', `${name}.api.md`),
    text: [
      `# API report: ${name}`,
      '',
      'Written by `npm run api:report` from the built declarations: every name each entry exports. A',
      'change here is a change of the public API (scripts/test/apiReport.test.ts).',
      '',
      ...lines,
    ].join('\n'),
  }));
}

export interface ForgottenExport {
  /** The public entry whose declaration names the type, e.g. `@statechart/core`. */
  entry: string;
  /** The exported name whose declaration names it. */
  exportedAs: string;
  /** The type (or value, in a `typeof`) it names. */
  name: string;
  /** Where the named type is declared, e.g. packages/core/dist/locations.d.ts. */
  declaredIn: string;
  /** The package that declares it, e.g. `@statechart/core`. */
  declaredBy: string;
  /** The first line of the exported declaration, as the report prints it. */
  signature: string;
}

/** The names a declaration's types refer to: type references, `extends`, `typeof x`, `import('…').T`, `[key]`. */
function referencedNames(node: ts.Node, found: ts.Node[] = []): ts.Node[] {
  const rightmost = (name: ts.EntityName): ts.Node => (ts.isQualifiedName(name) ? name.right : name);
  if (ts.isTypeReferenceNode(node)) found.push(rightmost(node.typeName));
  else if (ts.isExpressionWithTypeArguments(node)) found.push(node.expression);
  else if (ts.isTypeQueryNode(node)) found.push(rightmost(node.exprName));
  else if (ts.isImportTypeNode(node) && node.qualifier) found.push(rightmost(node.qualifier));
  else if (ts.isComputedPropertyName(node)) found.push(node.expression);
  ts.forEachChild(node, (child) => {
    referencedNames(child, found);
  });
  return found;
}

const isTaggedInternal = (symbol: ts.Symbol): boolean =>
  (symbol.declarations ?? []).some((declaration) =>
    ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'internal'),
  );

/**
 * API Extractor's "forgotten export": a public entry's declaration names a type that a product
 * cannot import, because no public entry of the package that declares it exports it. A product
 * then has to read dist/*.d.ts to write the type of a value it holds. A type exported only by an
 * internal entry counts as forgotten too: products never import those.
 */
export function forgottenExports(): ForgottenExport[] {
  const { entries, program, checker } = apiProgram();
  const packageOf = (file: string) => /\/packages\/([^/]+)\/dist\//.exec(file)?.[1];
  /** Per package folder, the symbols its public entries export. */
  const published = new Map<string, Set<ts.Symbol>>();
  for (const entry of entries.filter(({ entry }) => !isInternalEntry(entry))) {
    const symbols = published.get(entry.name) ?? new Set();
    for (const { target } of exportsOf(program, checker, entry.file)) symbols.add(target);
    published.set(entry.name, symbols);
  }
  const packageNames = new Map(entries.map(({ name, packageName }) => [name, packageName]));
  const forgotten: ForgottenExport[] = [];
  const seen = new Set<string>();
  for (const entry of entries.filter(({ entry }) => !isInternalEntry(entry))) {
    for (const { name: exportedAs, target } of exportsOf(program, checker, entry.file)) {
      for (const declaration of target.declarations ?? []) {
        for (const reference of referencedNames(declaration)) {
          let symbol = checker.getSymbolAtLocation(reference);
          if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
          if (!symbol || symbol.flags & ts.SymbolFlags.TypeParameter) continue;
          const declaredIn = symbol.declarations?.[0]?.getSourceFile().fileName;
          const owner = declaredIn && packageOf(declaredIn);
          // Types of other libraries (xstate, React, the DOM) are theirs to export; a step of a type
          // computation tagged `@internal` (a phantom key, a helper of an exported type) is named
          // by no product, which names the exported result.
          if (!owner || published.get(owner)?.has(symbol) || isTaggedInternal(symbol)) continue;
          const key = `${specifierOf(entry)} ${exportedAs} ${symbol.name}`;
          if (seen.has(key)) continue;
          seen.add(key);
          forgotten.push({
            entry: specifierOf(entry),
            exportedAs,
            name: symbol.name,
            declaredIn: relative(root, declaredIn),
            declaredBy: packageNames.get(owner) ?? owner,
            signature: declarationText(declaration)
              .replace(/^export (declare )?/, '')
              .split('\n')[0]!,
          });
        }
      }
    }
  }
  return forgotten;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { file, text } of apiReports()) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
