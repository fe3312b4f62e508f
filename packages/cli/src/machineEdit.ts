import ts from 'typescript';
import { contextTypeNode, machineConfig, setupConfig } from './anchors';
import {
  insertAfter,
  insertFirst,
  insertLast,
  objectValue,
  parse,
  property,
  returnedObject,
  ShapeError,
  unwrap,
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

/** The machine's event union (`export type AppEvent = …;`) with the new event types. */
export function addEvents(source: string, types: string[]): string {
  const at = parse(source, MACHINE);
  const union = at.tree.statements.find(
    (node): node is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(node) && node.name.text === 'AppEvent',
  );
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
