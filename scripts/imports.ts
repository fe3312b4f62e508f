/**
 * What a module imports, read from its source text: the workspace's checks of declared dependencies
 * and package entries (scripts/test/workspace.test.ts) and create-statechart-app's template check
 * (packages/create-statechart-app/test/create.test.ts) read imports the same way.
 */

/**
 * Every specifier the source imports: `import`/`export … from` statements at a line's start (a
 * multi-line list ends on a line `} from '…'`), side-effect imports, and dynamic imports of a
 * literal; not text in strings or comments mid-line.
 */
export function importSpecifiers(source: string): string[] {
  return [
    ...source.matchAll(/^(?:import|export)(?:[^;'"\n]*?\sfrom)?\s*'([^']+)'/gm),
    ...source.matchAll(/^\}\s*from\s*'([^']+)'/gm),
    ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
  ].map(([, specifier]) => specifier!);
}

/** The bare specifiers (packages, Node's built-ins), not relative or absolute paths. */
export const bareSpecifiers = (source: string): string[] =>
  importSpecifiers(source).filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('/'));

/** The package a bare specifier names: `@scope/name` for `@scope/name/entry`, `name` for `name/entry`. */
export const packageName = (specifier: string): string =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
