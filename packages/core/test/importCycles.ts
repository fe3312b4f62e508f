import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The import cycles among the TypeScript files under `root`, each as the files in import order,
 * the first repeated at the end (`['a.ts', 'b.ts', 'a.ts']`), paths relative to `root`. Every
 * import counts: `import type`, `export … from`, a type's `import('./x')` and a dynamic
 * `import()` (a lazy chunk that imports its loader back is a loop to read, and ESLint's
 * import/no-cycle skips type imports). TypeScript's own pre-processor lists them; only relative
 * specifiers are followed (a package never imports our files). One cycle per strongly connected
 * group of files, so each loop is reported once.
 */
export function importCycles(root: string): string[][] {
  const files = sourceFiles(root);
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  const cycles: string[][] = [];
  for (const group of stronglyConnected(files, edges)) {
    const inGroup = new Set(group);
    const self = group.length === 1 && edges.get(group[0]!)?.includes(group[0]!);
    if (group.length > 1 || self) cycles.push(cycleIn(group[0]!, inGroup, edges).map((file) => relative(root, file)));
  }
  return cycles;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
      return found ? [found] : [];
    });
}

/** Tarjan's strongly connected components, each a group of files that reach each other. */
function stronglyConnected(files: string[], edges: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    groups.push(group.sort());
  };
  for (const file of [...files].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/** A loop through `start` inside its group, found by a depth-first walk: start, …, start. */
function cycleIn(start: string, group: Set<string>, edges: Map<string, string[]>): string[] {
  const path = [start];
  const seen = new Set<string>();
  const walk = (file: string): boolean => {
    for (const next of edges.get(file) ?? []) {
      if (next === start) return path.push(start) > 0;
      if (!group.has(next) || seen.has(next)) continue;
      seen.add(next);
      path.push(next);
      if (walk(next)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return path;
}
