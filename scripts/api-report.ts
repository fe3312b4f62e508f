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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  name: string;
  exports?: Record<string, string | { types?: string }>;
}

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

/** The report of every package in packages/ whose `exports` name built declarations. */
export function apiReports(): ApiReport[] {
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
    {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const reports = new Map<string, string[]>();
  for (const { name, packageName, entry, file } of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const lines = [`## ${packageName}${entry === '.' ? '' : entry.slice(1)}`, '', '```ts'];
    const exported = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    for (const symbol of [...exported].sort((a, b) => a.name.localeCompare(b.name))) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      for (const declaration of target.declarations ?? []) {
        const text = declarationText(declaration).replace(/^export (declare )?/, '');
        lines.push(target.name === symbol.name ? text : `${text} // exported as ${symbol.name}`);
      }
    }
    lines.push('```', '');
    const report = reports.get(name) ?? [];
    reports.set(name, [...report, ...lines]);
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const { file, text } of apiReports()) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
    console.log(`wrote ${file}`);
  }
}
