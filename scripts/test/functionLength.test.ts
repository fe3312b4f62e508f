import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No function of the routing core or the Vite plugin is longer than MAX_LINES: past it, a concept
 * hides inside one (the router's start once held its probe, its navigations and its first URL in
 * 196 lines). Counted from the line a function starts on to the line it ends on, comments included;
 * a nested function counts in its parent too.
 */
const MAX_LINES = 150;
const CHECKED = ['packages/core/src', 'packages/vite/src'];

/** Each function in `source` longer than `max` lines, as `file:line name (n lines)`. */
function longFunctions(fileName: string, source: string, max = MAX_LINES): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const lines = file.getLineAndCharacterOfPosition(node.end).line - first + 1;
      if (lines > max) found.push(`${fileName}:${first + 1} ${nameOf(node, file)} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function nameOf(node: ts.Node, file: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(file);
  if (ts.isVariableDeclaration(node.parent) || ts.isPropertyAssignment(node.parent))
    return node.parent.name.getText(file);
  return 'an anonymous function';
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('functions in the routing core and the Vite plugin', () => {
  it(`are at most ${MAX_LINES} lines long`, () => {
    const long = CHECKED.flatMap(sourceFiles).flatMap((file) => longFunctions(file, readFileSync(file, 'utf8')));
    expect(
      long,
      `split these where a concept hides inside (a helper of its own, a module of its own): ${long.join('; ')}`,
    ).toEqual([]);
  });

  it('finds a long function, an arrow function by its variable (the check above can fail)', () => {
    const body = Array.from({ length: 4 }, (_, index) => `  const a${index} = ${index};`).join('\n');
    const source = `export function short() {\n  return 1;\n}\nexport const long = () => {\n${body}\n};\n`;
    expect(longFunctions('x.ts', source, 5)).toEqual(['x.ts:4 long (6 lines)']);
  });
});
