import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The project's type check (`tsc --noEmit -p <root>`), limited to what a change can break: the
 * files `changed` (relative to `root`) and every file that imports one of them, directly or
 * through others, by an import, an export-from, an `import()` or an `import('…')` type, or a
 * `/// <reference path>`. A module's types reach another file only through these, so a file that
 * does not import a changed one type-checks as it did. A changed file that declares globals (a
 * script, `declare global`, `declare module`) can reach any file: then every file of the project
 * is checked. The program is the one tsc builds (the same tsconfig, roots and options); only the
 * checker's work is limited: in the new:screen copy test, 62 files of 271 instead of all of them.
 *
 * Returns tsc's own report (`file(line,col): error TS…: …`, paths relative to `root`), empty when
 * nothing is wrong, the files checked (relative to `root`) and how many files the project has.
 */
export function typeErrorsAffectedBy(
  root: string,
  changed: readonly string[],
): { report: string; checked: string[]; files: number } {
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => root,
    getNewLine: () => '\n',
  };
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.formatDiagnostics([diagnostic], host));
      },
    },
  );
  if (!config) throw new Error(`no tsconfig.json in ${root}`);
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
  });
  const own = program
    .getSourceFiles()
    .filter((file) => !program.isSourceFileFromExternalLibrary(file) && !file.isDeclarationFile);
  // Who imports whom, as TypeScript resolves it: preProcessFile lists every module specifier
  // (imports, export-from, `import()` calls and `import('…')` types) and triple-slash references.
  const importers = new Map<string, Set<string>>();
  const cache = ts.createModuleResolutionCache(root, (name) => name, config.options);
  const imports = (from: ts.SourceFile, to: string | undefined) => {
    if (!to) return;
    const set = importers.get(to) ?? new Set<string>();
    importers.set(to, set.add(from.fileName));
  };
  for (const file of own) {
    const { importedFiles, referencedFiles } = ts.preProcessFile(file.text, true, true);
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file.fileName, config.options, ts.sys, cache).resolvedModule;
      imports(file, resolved?.resolvedFileName);
    }
    for (const reference of referencedFiles) imports(file, resolve(dirname(file.fileName), reference.fileName));
  }

  const sources = changed.map((path) => {
    const file = program.getSourceFile(resolve(root, path));
    if (!file) throw new Error(`${path} is not in the program of ${root}/tsconfig.json: tsc would not check it`);
    return file;
  });
  const global = sources.some((file) => !ts.isExternalModule(file) || /\bdeclare\s+(global|module)\b/.test(file.text));
  const affected = new Set(global ? own.map((file) => file.fileName) : sources.map((file) => file.fileName));
  // A Set's iteration visits what is added during it: this walks importers of importers.
  for (const fileName of affected) for (const importer of importers.get(fileName) ?? []) affected.add(importer);

  const diagnostics = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...[...affected].flatMap((fileName) => {
      const file = program.getSourceFile(fileName);
      return file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
    }),
    ...program.getGlobalDiagnostics(),
  ];
  return {
    report: ts.formatDiagnostics(diagnostics, host),
    checked: [...affected].map((fileName) => relative(root, fileName)).sort(),
    files: own.length,
  };
}

// As a command (`tsx packages/cli/test/affectedTypes.ts <root> <file>…`), it prints the result as JSON:
// the copy test runs it so, because the same check took 15–20% more CPU and twice the wall time
// inside a Vitest worker than in a process of its own, on the same copy at the same load.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [root = '.', ...changed] = process.argv.slice(2);
  console.log(JSON.stringify(typeErrorsAffectedBy(resolve(root), changed)));
}
