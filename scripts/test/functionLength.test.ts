import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * No function in a package's source is longer than MAX_LINES: a function that long holds several
 * concepts (a component with its sub-parts, a layout with its phases, a server with its routes), and
 * the next engineer has to read all of it to change one. Every .ts and .tsx file under
 * packages/<name>/src is parsed with TypeScript's own parser, and every function is measured: a
 * declaration, a function expression, an arrow function, a method, an accessor or a constructor,
 * nested ones too, from the line of its first token (its doc comment not counted) to the line of
 * its last, both included.
 */
const MAX_LINES = 150;

interface LongFunction {
  /** Relative to the root scanned, with `/`. */
  file: string;
  /** 1-based: where the function's first token is. */
  line: number;
  name: string;
  lines: number;
}

/** What a reader calls a function: its own name, else the name it is bound to, else where it is passed. */
function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(file);
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    return parent.left.getText(file);
  }
  if (ts.isExportAssignment(parent)) return 'default';
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(file)})`;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    return `(${parent.parent.name.getText(file)} handler)`;
  }
  return '(anonymous)';
}

/** The functions of one file that are longer than `max` lines. */
function longFunctions(fileName: string, source: string, max = MAX_LINES): LongFunction[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    // Overloads and abstract methods have no body: nothing to read there.
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const first = file.getLineAndCharacterOfPosition(declaration.getStart(file)).line;
      const last = file.getLineAndCharacterOfPosition(declaration.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file: fileName, line: first + 1, name: functionName(declaration, file), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Every .ts and .tsx file of every package's src/ under `root`, relative to it. */
function sourceFiles(root: string): string[] {
  const packages = join(root, 'packages');
  return readdirSync(packages, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packages, entry.name, 'src'))
    .filter((src) => existsSync(src))
    .flatMap((src) => readdirSync(src, { recursive: true, encoding: 'utf8' }).map((path) => join(src, path)))
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !path.includes('node_modules'))
    .map((path) => relative(root, path).split('\\').join('/'))
    .sort();
}

/** Each function over `max` lines in the packages' sources under `root`, as a message that says what to change. */
function functionLengthProblems(root: string, max = MAX_LINES): string[] {
  return sourceFiles(root)
    .flatMap((file) => longFunctions(file, readFileSync(join(root, file), 'utf8'), max))
    .map(
      ({ file, line, name, lines }) =>
        `${file}:${line} ${name} is ${lines} lines long (at most ${max}): split it where a concept hides inside ` +
        '(a component’s sub-parts into small components or hooks, a long procedure’s phases into named functions, ' +
        'one concept per file), keeping its behaviour and its package’s API',
    );
}

describe(`no function in packages/*/src is longer than ${MAX_LINES} lines`, () => {
  const fixtures: string[] = [];
  afterAll(() => fixtures.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A function of `bodyLines + 2` lines: its first line, the body, its closing brace. */
  const body = (bodyLines: number) => Array.from({ length: bodyLines }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it('names a planted long function of each kind, with its file, line, name and length (the check below can fail)', () => {
    const root = mkdtempSync(join(tmpdir(), 'function-length-'));
    fixtures.push(root);
    mkdirSync(join(root, 'packages/demo/src/deep'), { recursive: true });
    mkdirSync(join(root, 'packages/demo/test'), { recursive: true });
    mkdirSync(join(root, 'packages/empty'), { recursive: true });
    // The fixture's parts, each with the line it starts on.
    let next = 1;
    const parts: string[] = [];
    const part = (text: string) => {
      parts.push(text);
      const line = next;
      next += text.split('\n').length;
      return line;
    };
    part('/** A doc comment: not counted. */');
    const planted = part(`export function planted() {\n${body(149)}\n}`); // 151 lines
    part(`export const justUnder = () => {\n${body(148)}\n};`); // 150 lines: allowed
    const arrow = part(`export const viaArrow = (a: number) => {\n${body(149)}\n};`);
    const expression = part(`export const viaExpression = function () {\n${body(149)}\n};`);
    const method = part(`export class Holder {\n  method() {\n${body(149)}\n  }\n}`) + 1;
    const outer = part(`export const table = {\n  inObject(): number {\n${body(150)}\n    return 1;\n  },\n};`) + 1;
    writeFileSync(join(root, 'packages/demo/src/long.ts'), parts.join('\n'));
    writeFileSync(
      join(root, 'packages/demo/src/deep/View.tsx'),
      `export function View() {\n${body(150)}\n  return <p onClick={() => v0}>{v0}</p>;\n}\n`,
    );
    // Not a package's source: tests and other folders may hold long functions.
    writeFileSync(join(root, 'packages/demo/test/long.test.ts'), `function inTest() {\n${body(200)}\n}\n`);

    const problems = functionLengthProblems(root);
    expect(problems.map((problem) => problem.slice(0, problem.indexOf(' (at most')))).toEqual([
      'packages/demo/src/deep/View.tsx:1 View is 153 lines long',
      `packages/demo/src/long.ts:${planted} planted is 151 lines long`,
      `packages/demo/src/long.ts:${arrow} viaArrow is 151 lines long`,
      `packages/demo/src/long.ts:${expression} viaExpression is 151 lines long`,
      `packages/demo/src/long.ts:${method} method is 151 lines long`,
      `packages/demo/src/long.ts:${outer} inObject is 153 lines long`,
    ]);
    expect(problems[0]).toBe(
      'packages/demo/src/deep/View.tsx:1 View is 153 lines long (at most 150): split it where a concept hides ' +
        'inside (a component’s sub-parts into small components or hooks, a long procedure’s phases into named ' +
        'functions, one concept per file), keeping its behaviour and its package’s API',
    );
    // The limit is a parameter: under a lower one the allowed function is named too, and so is a
    // nested function, by where it is passed.
    expect(longFunctions('x.tsx', `const justUnder = () => {\n${body(148)}\n};`, 149)).toEqual([
      { file: 'x.tsx', line: 1, name: 'justUnder', lines: 150 },
    ]);
    expect(longFunctions('x.tsx', `run(() => {\n${body(3)}\n  return <b onClick={() => {\n\n}} />;\n});`, 2)).toEqual([
      { file: 'x.tsx', line: 1, name: '(argument of run)', lines: 8 },
      { file: 'x.tsx', line: 5, name: '(onClick handler)', lines: 3 },
    ]);
  });

  it('every function in packages/*/src is at most 150 lines', () => {
    expect(functionLengthProblems(process.cwd())).toEqual([]);
  });
});
