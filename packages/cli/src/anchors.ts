import ts from 'typescript';
import { findNode, objectValue, parse, property, ShapeError, unwrap, type Edited } from './syntax';

/**
 * The blocks of a product's files the generators write into, found in the syntax tree: setup's
 * config and the machine's config in machines/appMachine.ts, the path spec in
 * tests/paths/productPaths.ts. A file without one is refused, naming the file and the shape.
 */

const MACHINE_SHAPE = '`setup({ types, actions, guards, actors }).createMachine({ … })` (docs/screens.md)';

const setupCall = (at: Edited) =>
  findNode(
    at.tree,
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'setup',
  );

/** The object `setup({ … })` is called with. */
export function setupConfig(at: Edited): ts.ObjectLiteralExpression {
  const call = setupCall(at);
  const config = call?.arguments[0] && unwrap(call.arguments[0]);
  if (!config || !ts.isObjectLiteralExpression(config))
    throw new ShapeError(at, call, MACHINE_SHAPE, 'write the machine with setup({ … }) and an object literal');
  return config;
}

/**
 * The object `createMachine` is called with: `setup(…).createMachine({ … })`, or through a wrapper
 * that returns it (`keepRouteTypes(setup(…).createMachine)({ … })`, as the template writes it).
 */
export function machineConfig(at: Edited): ts.ObjectLiteralExpression {
  const createMachine = findNode(
    at.tree,
    (node): node is ts.PropertyAccessExpression =>
      ts.isPropertyAccessExpression(node) && node.name.text === 'createMachine',
  );
  let node: ts.Node | undefined = createMachine;
  while (node?.parent && ts.isCallExpression(node.parent)) {
    const call: ts.CallExpression = node.parent;
    const config = call.expression === node && call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    if (config && ts.isObjectLiteralExpression(config)) return config;
    node = call;
  }
  throw new ShapeError(at, createMachine, MACHINE_SHAPE, 'call createMachine with the machine as an object literal');
}

/** `setup({ types: { context: {} as <this type> } })`: the machine's context type (`optional`: undefined if untyped). */
export function contextTypeNode(at: Edited): ts.TypeNode;
export function contextTypeNode(at: Edited, { optional }: { optional: true }): ts.TypeNode | undefined;
export function contextTypeNode(at: Edited, { optional = false } = {}): ts.TypeNode | undefined {
  if (optional && !setupCall(at)) return undefined;
  const types = objectValue(property(setupConfig(at), 'types'));
  const context = types && property(types, 'context');
  const value = context && ts.isPropertyAssignment(context) ? context.initializer : undefined;
  if (optional && !context) return undefined;
  if (!value || !ts.isAsExpression(value))
    throw new ShapeError(
      at,
      context ?? types,
      '`context: {} as YourContext` in setup({ types })',
      'type the machine\'s context there (docs/screens.md, "Type tests")',
    );
  return value.type;
}

/** The path spec: the object literal that names the `machine:` its path tests walk. */
export function specConfig(at: Edited): ts.ObjectLiteralExpression {
  const spec = findNode(
    at.tree,
    (node): node is ts.ObjectLiteralExpression => ts.isObjectLiteralExpression(node) && !!property(node, 'machine'),
  );
  if (!spec)
    throw new ShapeError(
      at,
      undefined,
      'a path spec `makeSpec({ machine: appMachine, … })`',
      'write the spec as makeSpec({ … }) with its machine (docs/paths.md)',
    );
  return spec;
}

/** The spec's `name: { … }` block (`executors`, `assertions`…), refused when it is not an object literal. */
export function specObject(at: Edited, name: string): ts.ObjectLiteralExpression | undefined {
  const member = property(specConfig(at), name);
  if (!member) return undefined;
  const object = objectValue(member);
  if (!object)
    throw new ShapeError(at, member, `\`${name}: { … }\` as an object literal in the spec`, `write ${name} as one`);
  return object;
}

/** machines/strings.ts's catalogue: `export const strings = { … } as const;`. */
export function catalogue(at: Edited): ts.ObjectLiteralExpression {
  const declared = at.tree.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((node) => ts.isIdentifier(node.name) && node.name.text === 'strings');
  const value = declared?.initializer && unwrap(declared.initializer);
  if (!value || !ts.isObjectLiteralExpression(value))
    throw new ShapeError(
      at,
      declared,
      'the catalogue `export const strings = { … } as const;`',
      "write the product's words as one object literal",
    );
  return value;
}

/** The spec's `assertions: { … }`, which every screen adds to. */
export function assertionsOf(at: Edited): ts.ObjectLiteralExpression {
  const assertions = specObject(at, 'assertions');
  if (!assertions)
    throw new ShapeError(
      at,
      specConfig(at),
      '`assertions: { … }` in the spec',
      'add the assertions the path tests check',
    );
  return assertions;
}

/** The state node whose `id` is `id` (`{ id: 'things', … }`), anywhere in the machine's config. */
export function stateNode(at: Edited, id: string): ts.ObjectLiteralExpression | undefined {
  return findNode(machineConfig(at), (node): node is ts.ObjectLiteralExpression => {
    if (!ts.isObjectLiteralExpression(node)) return false;
    const own = property(node, 'id');
    return (
      !!own && ts.isPropertyAssignment(own) && ts.isStringLiteralLike(own.initializer) && own.initializer.text === id
    );
  });
}

/** Whether the machine has a state `#id` (a machine that is not `setup(…).createMachine({ … })` has none). */
export function hasState(source: string, id: string): boolean {
  const at = parse(source, 'machines/appMachine.ts');
  try {
    return stateNode(at, id) !== undefined;
  } catch (error) {
    if (error instanceof ShapeError) return false;
    throw error;
  }
}

/** A state node's `states: { … }`, refused when it is not an object literal. */
export function statesOf(at: Edited, node: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  const member = property(node, 'states');
  if (!member) return undefined;
  const states = objectValue(member);
  if (!states) throw new ShapeError(at, member, '`states: { … }` as an object literal', 'add the state by hand');
  return states;
}

/** The routable states (`route: {}`) under `root` (the whole machine by default): id, `meta.path`, whether it parses params. */
export function routedStates(
  at: Edited,
  root: ts.Node = machineConfig(at),
): { id: string; path: string; params: boolean }[] {
  const found: { id: string; path: string; params: boolean }[] = [];
  const text = (node: ts.Node | undefined) =>
    node && ts.isPropertyAssignment(node) && ts.isStringLiteralLike(node.initializer)
      ? node.initializer.text
      : undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node) && property(node, 'route')) {
      const id = text(property(node, 'id'));
      const meta = objectValue(property(node, 'meta'));
      const path = meta && text(property(meta, 'path'));
      if (id !== undefined && path !== undefined) found.push({ id, path, params: !!property(meta!, 'params') });
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return found;
}
