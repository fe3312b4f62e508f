import MagicString from 'magic-string';
import ts from 'typescript';

/**
 * The generators find where to write in the syntax tree (TypeScript's parser: the product has it)
 * and write beside what they find with magic-string, so a block written on one line, on several,
 * or as Prettier breaks it is the same block to them. What they write is formatted afterwards in
 * the product's own style (style.ts).
 */

/** A product file's text, its syntax tree and the edits made on it, written back by `text()`. */
export interface Edited {
  file: string;
  source: string;
  tree: ts.SourceFile;
  edit: MagicString;
  text: () => string;
}

export function parse(source: string, file: string): Edited {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const edit = new MagicString(source);
  return { file, source, tree, edit, text: () => edit.toString() };
}

/**
 * The refusal a generator gives for a shape it does not edit: where (file:line), what it expected
 * there, what it found, and what to change by hand.
 */
export class ShapeError extends Error {
  constructor(at: Pick<Edited, 'file' | 'tree'>, shape: ts.Node | undefined, expected: string, change: string) {
    // An object is shown by its key: `notAllowed: {`, not `{`.
    const node =
      shape && ts.isObjectLiteralExpression(shape) && shape.parent && ts.isPropertyAssignment(shape.parent)
        ? shape.parent
        : shape;
    const line = node ? at.tree.getLineAndCharacterOfPosition(node.getStart(at.tree)).line + 1 : 1;
    const text = node?.getText(at.tree).split('\n')[0] ?? '';
    const found = node ? `\`${text.length > 60 ? `${text.slice(0, 57)}…` : text}\`` : 'nothing of the kind';
    super(`${at.file}:${line}: expected ${expected}, found ${found}: ${change}`);
    this.name = 'ShapeError';
  }
}

/** The first node under `root` (itself included, depth first) that `test` accepts. */
export function findNode<T extends ts.Node>(root: ts.Node, test: (node: ts.Node) => node is T): T | undefined;
export function findNode(root: ts.Node, test: (node: ts.Node) => boolean): ts.Node | undefined;
export function findNode(root: ts.Node, test: (node: ts.Node) => boolean): ts.Node | undefined {
  if (test(root)) return root;
  return ts.forEachChild(root, (child) => findNode(child, test));
}

/** A property's name as written: `a`, `'a.b'` or `"a"` (undefined for a computed one). */
export function nameOf(name: ts.PropertyName | ts.BindingName | undefined): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isPrivateIdentifier(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The `name: …` property of an object literal (a shorthand `name` too). */
export function property(
  object: ts.ObjectLiteralExpression,
  name: string,
): ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration | undefined {
  return object.properties.find(
    (member): member is ts.PropertyAssignment | ts.ShorthandPropertyAssignment | ts.MethodDeclaration =>
      (ts.isPropertyAssignment(member) || ts.isShorthandPropertyAssignment(member) || ts.isMethodDeclaration(member)) &&
      nameOf(member.name) === name,
  );
}

/** The expression itself, through parentheses, `as`, `satisfies` and `!`: `{ … } satisfies T` is an object. */
export function unwrap(expression: ts.Expression): ts.Expression {
  let node = expression;
  while (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isTypeAssertionExpression(node)
  )
    node = node.expression;
  return node;
}

/** The object literal a property holds (through `as` and `satisfies`), else undefined. */
export function objectValue(member: ts.Node | undefined): ts.ObjectLiteralExpression | undefined {
  if (!member || !ts.isPropertyAssignment(member)) return undefined;
  const value = unwrap(member.initializer);
  return ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** The indentation of the line `position` is on. */
export function indentAt(source: string, position: number): string {
  const lineStart = source.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? '';
}

/** The text from `start` to `end` replaced by `text` (inserted, where the range is empty). */
function replace(at: Edited, start: number, end: number, text: string): void {
  if (start === end) at.edit.appendLeft(start, text);
  else at.edit.overwrite(start, end, text);
}

/** Whether a newline lies between two positions: a block written over several lines. */
const brokenBetween = (source: string, from: number, to: number) => source.slice(from, to).includes('\n');

/** Lines re-indented to `indent`, keeping their indentation relative to each other. */
function indented(lines: readonly string[], indent: string): string[] {
  const depth = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)?.[0].length ?? 0));
  return lines.map((line) => (line.trim() ? `${indent}${line.slice(depth)}` : line));
}

/**
 * Where a bracketed list (`{ … }`, `[ … ]`) opens and closes, its elements, and the indentation its
 * elements take: the first one's when it sits on a line of its own, else its opening line's plus two.
 */
function bracketed(at: Edited, node: ts.Node, elements: readonly ts.Node[]) {
  const { source, tree } = at;
  const open = node.getStart(tree);
  const close = node.getEnd() - 1;
  const outer = indentAt(source, open);
  const first = elements[0];
  const multiLine = brokenBetween(source, open, first ? first.getStart(tree) : close);
  const inner = first && multiLine ? indentAt(source, first.getStart(tree)) : `${outer}  `;
  return { open, close, outer, inner, multiLine };
}

/**
 * `lines` first in an object literal: on the line after its `{` when it is written over several
 * lines; a block on one line (`actors: { loadOwn: … },` as Prettier leaves a short one, or `{}`)
 * is opened over several, its entries kept as they are.
 */
export function insertFirst(at: Edited, object: ts.ObjectLiteralExpression, lines: readonly string[]): void {
  const { open, close, outer, inner, multiLine } = bracketed(at, object, object.properties);
  const added = indented(lines, inner).join('\n');
  if (multiLine) {
    const lineEnd = at.source.indexOf('\n', open);
    at.edit.appendLeft(lineEnd + 1, `${added}\n`);
    return;
  }
  const first = object.properties[0];
  if (!first) {
    replace(at, open + 1, close, `\n${added}\n${outer}`);
    return;
  }
  const last = object.properties[object.properties.length - 1] ?? first;
  replace(at, open + 1, first.getStart(at.tree), `\n${added}\n${inner}`);
  // Its trailing comma, if any, is in the space rewritten here.
  replace(at, last.getEnd(), close, `,\n${outer}`);
}

/**
 * `lines` last in an object literal: before the line of its `}` when it spans several lines; one
 * line joins one written on one line, more open it over several.
 */
export function insertLast(at: Edited, object: ts.ObjectLiteralExpression, lines: readonly string[]): void {
  const { close, inner, multiLine } = bracketed(at, object, object.properties);
  const last = object.properties[object.properties.length - 1];
  if (multiLine) {
    const lineStart = at.source.lastIndexOf('\n', close - 1) + 1;
    // A last entry without its comma gets one: the new lines follow it.
    if (last && !object.properties.hasTrailingComma) at.edit.appendLeft(last.getEnd(), ',');
    at.edit.appendLeft(lineStart, `${indented(lines, inner).join('\n')}\n`);
    return;
  }
  const [line, ...more] = lines;
  if (line !== undefined && !more.length) {
    // One line on one line: `{ params: {}, added }`.
    const entry = line.trim().replace(/,$/, '');
    if (!last) replace(at, object.getStart(at.tree) + 1, close, ` ${entry} `);
    else at.edit.appendLeft(last.getEnd(), `, ${entry}`);
    return;
  }
  // Several lines: the object is opened over several, its entries kept as they are.
  const { open, outer } = bracketed(at, object, object.properties);
  const added = indented(lines, inner).join('\n');
  const first = object.properties[0];
  if (!first || !last) {
    replace(at, open + 1, close, `\n${added}\n${outer}`);
    return;
  }
  replace(at, open + 1, first.getStart(at.tree), `\n${inner}`);
  replace(at, last.getEnd(), close, `,\n${added}\n${outer}`);
}

/** Elements first in an array literal (`events: [ … ]`): a line each in one over several lines, else on its line. */
export function insertFirstInArray(at: Edited, array: ts.ArrayLiteralExpression, elements: readonly string[]): void {
  const { open, inner, multiLine } = bracketed(at, array, array.elements);
  if (multiLine) {
    const lineEnd = at.source.indexOf('\n', open);
    at.edit.appendLeft(lineEnd + 1, elements.map((element) => `${inner}${element},\n`).join(''));
    return;
  }
  const first = array.elements[0];
  if (first) at.edit.appendLeft(first.getStart(at.tree), elements.map((element) => `${element}, `).join(''));
  else at.edit.appendLeft(array.getStart(at.tree) + 1, elements.join(', '));
}

/** `text` as the first entry of an object literal, on the line it is on (Prettier lays it out after). */
export function prependEntry(at: Edited, object: ts.ObjectLiteralExpression, text: string): void {
  const first = object.properties[0];
  if (first) at.edit.appendLeft(first.getStart(at.tree), `${text}, `);
  else at.edit.appendLeft(object.getStart(at.tree) + 1, ` ${text} `);
}

/**
 * `lines` as the next entries after `member` of the object literal that holds it: on the lines
 * after it when the object spans several, else after it on its line.
 */
export function insertAfter(
  at: Edited,
  object: ts.ObjectLiteralExpression,
  member: ts.ObjectLiteralElementLike,
  lines: readonly string[],
): void {
  const { inner, multiLine } = bracketed(at, object, object.properties);
  const { source } = at;
  let end = member.getEnd();
  const hasComma = source[end] === ',';
  if (multiLine) {
    if (!hasComma) at.edit.appendLeft(end, ',');
    else end += 1;
    const lineEnd = source.indexOf('\n', end);
    at.edit.appendLeft(lineEnd < 0 ? source.length : lineEnd + 1, `${indented(lines, inner).join('\n')}\n`);
    return;
  }
  const entries = lines
    .map((line) => line.trim())
    .join(' ')
    .replace(/,$/, '');
  at.edit.appendLeft(end, `, ${entries}`);
}

/** What a function (`(…) => ({ … })`, or a block body ending in `return { … };`) returns as an object literal. */
export function returnedObject(value: ts.Node | undefined): ts.ObjectLiteralExpression | undefined {
  if (!value || !(ts.isArrowFunction(value) || ts.isFunctionExpression(value))) return undefined;
  if (!ts.isBlock(value.body)) {
    const body = unwrap(value.body);
    return ts.isObjectLiteralExpression(body) ? body : undefined;
  }
  const returned = value.body.statements.filter(ts.isReturnStatement).pop()?.expression;
  const object = returned && unwrap(returned);
  return object && ts.isObjectLiteralExpression(object) ? object : undefined;
}

/** An entry taken out of an object literal, with the comma and space that set it apart. */
export function removeEntry(at: Edited, object: ts.ObjectLiteralExpression, member: ts.ObjectLiteralElementLike): void {
  const index = object.properties.indexOf(member);
  const previous = object.properties[index - 1];
  const next = object.properties[index + 1];
  if (previous) at.edit.remove(previous.getEnd(), member.getEnd());
  else if (next) at.edit.remove(member.getStart(at.tree), next.getStart(at.tree));
  else at.edit.remove(member.getStart(at.tree), member.getEnd() + (at.source[member.getEnd()] === ',' ? 1 : 0));
}

/** Where an entry's lines begin: the start of its line, or of the comment lines above it. */
export function entryLineStart(at: Edited, member: ts.Node): number {
  const comments = ts.getLeadingCommentRanges(at.source, member.getFullStart()) ?? [];
  const start = comments[0]?.pos ?? member.getStart(at.tree);
  return at.source.lastIndexOf('\n', start - 1) + 1;
}

/** `lines` before an entry of an object literal written over several lines (its comments stay on it). */
export function insertBefore(
  at: Edited,
  object: ts.ObjectLiteralExpression,
  member: ts.ObjectLiteralElementLike,
  lines: readonly string[],
): void {
  const { inner, multiLine } = bracketed(at, object, object.properties);
  const added = indented(lines, inner).join('\n');
  if (multiLine) at.edit.appendLeft(entryLineStart(at, member), `${added}\n`);
  // In an object on one line, on lines of their own before the entry (Prettier lays them out after).
  else at.edit.appendLeft(member.getStart(at.tree), `\n${added}\n${inner}`);
}
