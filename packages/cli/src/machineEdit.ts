import ts from 'typescript';
import { contextTypeNode, machineConfig, setupConfig, statesOf } from './anchors';
import {
  findNode,
  insertAfter,
  insertBefore,
  insertFirst,
  insertLast,
  nameOf,
  objectValue,
  parse,
  property,
  returnedObject,
  ShapeError,
  unwrap,
  type Edited,
} from './syntax';

/**
 * Edits of machines/appMachine.ts the generators share: setup's types, blocks and event union, the
 * machine's initial context. Each finds its block in the syntax tree, whatever its layout.
 */

const MACHINE = 'machines/appMachine.ts';

/**
 * The context type in `setup({ types })`, on one line or several: where it starts and ends, its
 * text, and the indentation of its `context:` key.
 */
export function contextType(source: string): { indent: string; start: number; end: number; type: string } {
  const at = parse(source, MACHINE);
  const type = contextTypeNode(at);
  const key = type.parent.parent;
  const lineStart = source.lastIndexOf('\n', key.getStart(at.tree)) + 1;
  const indent = source.slice(lineStart, key.getStart(at.tree));
  const start = type.getStart(at.tree);
  return { indent, start, end: type.getEnd(), type: source.slice(start, type.getEnd()) };
}

/** The context type in `setup({ types })` with more fields (`name?: Type`). */
export function extendContextType(source: string, fields: string[]): string {
  const at = parse(source, MACHINE);
  const type = contextTypeNode(at);
  // `A | B & { … }` would add the fields to B alone.
  const loose = ts.isUnionTypeNode(type) || ts.isFunctionTypeNode(type) || ts.isConditionalTypeNode(type);
  if (loose) at.edit.appendRight(type.getStart(at.tree), '(');
  at.edit.appendLeft(type.getEnd(), `${loose ? ')' : ''} & { ${fields.join('; ')} }`);
  return at.text();
}

/**
 * A line first in setup's `actors`, `actions` or `guards` block (on one line or several: one on
 * one line is opened over several, never given a second key), or the block itself after `types`.
 */
export function addToSetupBlock(source: string, block: 'actors' | 'actions' | 'guards', line: string): string {
  const at = parse(source, MACHINE);
  const setup = setupConfig(at);
  const member = property(setup, block);
  if (member) {
    const object = objectValue(member);
    if (!object)
      throw new ShapeError(
        at,
        member,
        `setup's \`${block}: { … }\` as an object literal`,
        `add ${line.replace(/,$/, '')} to ${block} by hand`,
      );
    insertFirst(at, object, [line]);
    return at.text();
  }
  const after = property(setup, 'types') ?? setup.properties[setup.properties.length - 1];
  if (!after) {
    insertFirst(at, setup, [`${block}: {`, `  ${line}`, '},']);
    return at.text();
  }
  insertAfter(at, setup, after, [`${block}: {`, `  ${line}`, '},']);
  return at.text();
}

const eventUnion = (at: Edited) =>
  at.tree.statements.find(
    (node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === 'AppEvent',
  );

/** The machine's event union (`export type AppEvent = …;`) with the new event types. */
export function addEvents(source: string, types: string[]): string {
  const at = parse(source, MACHINE);
  const union = eventUnion(at);
  if (!union)
    throw new ShapeError(at, undefined, "`export type AppEvent = …;` (the machine's event union)", 'declare it');
  const added = types.map((type) => (type.startsWith('{') ? ` | ${type}` : ` | { type: '${type}' }`)).join('');
  at.edit.appendLeft(union.type.getEnd(), added);
  return at.text();
}

/**
 * The machine's initial context with one more entry: `context: { … }`, or, once a generator gave
 * the machine an input, `context: ({ input }) => ({ … })` (or a block body returning `{ … }`).
 */
export function addToInitialContext(source: string, entry: string): string {
  const at = parse(source, MACHINE);
  const member = property(machineConfig(at), 'context');
  const value = member && ts.isPropertyAssignment(member) ? unwrap(member.initializer) : undefined;
  const object = value && ts.isObjectLiteralExpression(value) ? value : returnedObject(value);
  if (!object)
    throw new ShapeError(
      at,
      member,
      "the machine's `context: { … }` or `context: ({ input }) => ({ … })`",
      `add ${entry} to it by hand`,
    );
  insertLast(at, object, [entry]);
  return at.text();
}

/** Whether a root state is a catch-all (`meta: { path: '*' }`): new screens go before it. */
function isCatchAll(member: ts.ObjectLiteralElementLike): boolean {
  const node = objectValue(member);
  const meta = node && objectValue(property(node, 'meta'));
  const path = meta && property(meta, 'path');
  return (
    !!path && ts.isPropertyAssignment(path) && ts.isStringLiteralLike(path.initializer) && path.initializer.text === '*'
  );
}

/**
 * A state at the machine's root (`lines`, its whole entry): before `notFound`, else before the
 * first catch-all (`path: '*'`), else last.
 */
export function addRootState(source: string, lines: readonly string[]): string {
  const at = parse(source, MACHINE);
  const root = machineConfig(at);
  const states = statesOf(at, root);
  if (!states)
    throw new ShapeError(at, root, "the machine's root `states: { … }`", 'give the machine its states block');
  const before = property(states, 'notFound') ?? states.properties.find(isCatchAll);
  if (before) insertBefore(at, states, before, lines);
  else insertLast(at, states, lines);
  return at.text();
}

/** Whether the event union has `{ type: '<type>' … }`. */
export function hasEventType(source: string, type: string): boolean {
  const at = parse(source, MACHINE);
  const union = eventUnion(at);
  return !!(
    union &&
    findNode(
      union.type,
      (node) =>
        ts.isPropertySignature(node) &&
        nameOf(node.name) === 'type' &&
        !!node.type &&
        ts.isLiteralTypeNode(node.type) &&
        ts.isStringLiteral(node.type.literal) &&
        node.type.literal.text === type,
    )
  );
}

/** Whether the context type in setup has a member `name` (`roles: readonly string[]`). */
export function contextHas(source: string, name: string): boolean {
  const type = contextTypeNode(parse(source, MACHINE));
  return !!findNode(type, (node) => ts.isPropertySignature(node) && nameOf(node.name) === name);
}

/**
 * The machine's input type (`setup({ types: { input: {} as … } })`) with `fields`: joined to the
 * one there (`(T) & { … }`, still optional when it was `… | void`), else an optional input of its own.
 */
export function addInputType(source: string, fields: string): string {
  const at = parse(source, MACHINE);
  const context = contextTypeNode(at);
  const types = context.parent.parent.parent as ts.ObjectLiteralExpression;
  const input = property(types, 'input');
  const value = input && ts.isPropertyAssignment(input) ? input.initializer : undefined;
  if (!input) {
    insertBefore(at, types, context.parent.parent as ts.ObjectLiteralElementLike, [`input: {} as ${fields} | void,`]);
    return at.text();
  }
  if (!value || !ts.isAsExpression(value))
    throw new ShapeError(
      at,
      input,
      '`input: {} as YourInput` in setup({ types })',
      `add ${fields} to the input by hand`,
    );
  const members = ts.isUnionTypeNode(value.type) ? [...value.type.types] : [value.type];
  const kept = members.filter((member) => member.kind !== ts.SyntaxKind.VoidKeyword);
  const type = kept.map((member) => member.getText(at.tree)).join(' | ');
  at.edit.overwrite(
    value.type.getStart(at.tree),
    value.type.getEnd(),
    `(${type}) & ${fields}${kept.length < members.length ? ' | void' : ''}`,
  );
  return at.text();
}

/**
 * The machine's initial context made from its input with `entries` (`roles: input?.roles ?? []`):
 * an object becomes `({ input }) => ({ …, entries })`; a function of its input gets the entries.
 */
export function addContextFromInput(source: string, entries: string): string {
  const at = parse(source, MACHINE);
  const member = property(machineConfig(at), 'context');
  const value = member && ts.isPropertyAssignment(member) ? unwrap(member.initializer) : undefined;
  if (value && ts.isObjectLiteralExpression(value)) {
    at.edit.appendRight(value.getStart(at.tree), '({ input }) => (');
    at.edit.appendLeft(value.getEnd(), ')');
    insertLast(at, value, [entries]);
    return at.text();
  }
  const reads =
    value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) ? value.parameters[0] : undefined;
  const object = returnedObject(value);
  const readsInput =
    reads &&
    ts.isObjectBindingPattern(reads.name) &&
    reads.name.elements.some((element) => nameOf(element.name) === 'input');
  if (!object || !readsInput)
    throw new ShapeError(
      at,
      member,
      "the machine's `context: { … }` or `context: ({ input }) => ({ … })`",
      `add ${entries} to it by hand (docs/access.md)`,
    );
  insertLast(at, object, [entries]);
  return at.text();
}

/** `text` before the event union's statement and its doc comment (the types it names go above it). */
export function addBeforeEventUnion(source: string, text: string): string {
  const at = parse(source, MACHINE);
  const union = eventUnion(at);
  if (!union)
    throw new ShapeError(at, undefined, "`export type AppEvent = …;` (the machine's event union)", 'declare it');
  at.edit.appendLeft(union.getStart(at.tree, true), text);
  return at.text();
}
