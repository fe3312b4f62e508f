import ts from 'typescript';
import { insertFirst, nameOf, parse, ShapeError, unwrap, type Edited } from './syntax';

/**
 * Edits the generators share on any product file: imports, a declared object's entries, the call
 * registry (src/api/calls.ts). machineEdit.ts and specEdit.ts hold the machine's and the spec's.
 * Each finds its block in the syntax tree (syntax.ts) whatever its layout, and refuses a shape it
 * does not edit with the file, the line and the shape it expected.
 */

/** The file's imports from `from`. */
const importsFrom = (at: Edited, from: string) =>
  at.tree.statements
    .filter(ts.isImportDeclaration)
    .filter((node) => ts.isStringLiteral(node.moduleSpecifier) && node.moduleSpecifier.text === from);

/** Where a new import goes: before the file's first import (after a header comment), else at its top. */
const importAt = (at: Edited) => at.tree.statements.find(ts.isImportDeclaration)?.getStart(at.tree) ?? 0;

/**
 * Adds `names` (`type X` for a type) to the import from `from`, or a new import line, leaving the
 * names already imported. An import written over several lines is the same import.
 */
export function ensureImport(source: string, names: string[], from: string, file = 'module.ts'): string {
  const at = parse(source, file);
  const named = importsFrom(at, from).flatMap((node) => {
    const bindings = node.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? [{ node, bindings }] : [];
  });
  const present = new Set(named.flatMap(({ bindings }) => bindings.elements.map((element) => element.name.text)));
  const missing = names.filter((name) => !present.has(name.replace(/^type /, '')));
  if (!missing.length) return source;
  // A value import takes values and types; `import type { … }` takes types only, written bare.
  const values = named.find(({ node }) => !node.importClause?.isTypeOnly);
  const types = missing.every((name) => name.startsWith('type '))
    ? named.find(({ node }) => node.importClause?.isTypeOnly)
    : undefined;
  const target = values ?? types;
  if (target) {
    const written = target === values ? missing : missing.map((name) => name.replace(/^type /, ''));
    const last = target.bindings.elements[target.bindings.elements.length - 1];
    if (last) at.edit.appendLeft(last.getEnd(), `, ${written.join(', ')}`);
    else at.edit.appendLeft(target.bindings.getStart(at.tree) + 1, ` ${written.join(', ')} `);
    return at.text();
  }
  at.edit.appendLeft(importAt(at), `import { ${missing.join(', ')} } from '${from}';\n`);
  return at.text();
}

/** `import * as v from 'valibot';` before the file's imports, unless it is there. */
export function importValibot(source: string): string {
  const at = parse(source, 'module.ts');
  const has = importsFrom(at, 'valibot').some((node) => {
    const bindings = node.importClause?.namedBindings;
    return bindings && ts.isNamespaceImport(bindings) && bindings.name.text === 'v';
  });
  if (has) return source;
  at.edit.appendLeft(importAt(at), "import * as v from 'valibot';\n");
  return at.text();
}

/**
 * Lines first in the object literal `name` is declared with (`export const handlers: Handlers = {`,
 * through `satisfies`, `as` or a call's first argument: `defineCalls({ … })`).
 */
export function addToObject(source: string, name: string, lines: string[], file: string): string {
  const at = parse(source, file);
  const object = declaredObject(at, name);
  insertFirst(at, object, lines);
  return at.text();
}

/** The variable `name`'s declaration, and its object literal (through `satisfies`, `as`, `f({ … })`). */
function declaration(at: Edited, name: string) {
  const declared = at.tree.statements
    .filter(ts.isVariableStatement)
    .flatMap((statement) => [...statement.declarationList.declarations])
    .find((node) => nameOf(node.name) === name);
  let value = declared?.initializer && unwrap(declared.initializer);
  const call = value && ts.isCallExpression(value) ? value : undefined;
  if (call?.arguments[0]) value = unwrap(call.arguments[0]);
  return { declared, call, object: value && ts.isObjectLiteralExpression(value) ? value : undefined };
}

/** `text` before the statement that declares `name`, and before its doc comment, which stays on it. */
export function addBeforeDeclaration(source: string, name: string, text: string, file: string): string {
  const at = parse(source, file);
  const { declared } = declaration(at, name);
  const statement = declared?.parent.parent;
  if (!statement)
    throw new ShapeError(at, undefined, `a \`const ${name} = …\` at the top level`, `add ${name} by hand`);
  at.edit.appendLeft(statement.getStart(at.tree, true), text);
  return at.text();
}

function declaredObject(at: Edited, name: string): ts.ObjectLiteralExpression {
  const { declared, object } = declaration(at, name);
  if (!object)
    throw new ShapeError(
      at,
      declared,
      `\`const ${name} = { … }\` (an object literal, or one passed to a call such as defineCalls({ … }))`,
      `write ${name} as an object literal`,
    );
  return object;
}

/**
 * The registry as `defineCalls({ … })`, which names each call by its key: a save's `invalidates`
 * finds the list it makes stale by that name (docs/calls.md, "Saves refresh what they change").
 * A registry written as a plain object (`export const calls = { … } satisfies CallRegistry;`, as a
 * product starts) is wrapped; one that is neither is left to the product, named in the error.
 */
function withDefineCalls(source: string): string {
  const at = parse(source, 'src/api/calls.ts');
  const { declared, call, object } = declaration(at, 'calls');
  if (call && ts.isIdentifier(call.expression) && call.expression.text === 'defineCalls' && object) return source;
  if (!object || call)
    throw new ShapeError(
      at,
      declared,
      '`export const calls = { … } satisfies CallRegistry;` or `defineCalls({ … })`',
      'write the registry as defineCalls({ … }) by hand',
    );
  at.edit.appendRight(object.getStart(at.tree), 'defineCalls(');
  at.edit.appendLeft(object.getEnd(), ')');
  return at.text();
}

/**
 * src/api/calls.ts with a call (`call`: its lines in `calls`) and the actor the app provides for
 * it (`actor`: its line in `callActors`), importing the type the call names from `type[1]`.
 */
export function addToCallRegistry(
  source: string,
  { type, call, actor }: { type: readonly [string, string]; call: string[]; actor: string },
): string {
  let result = ensureImport(source, ['callActor'], '@statechart/calls');
  result = ensureImport(result, ['defineCall', 'defineCalls'], '@statechart/calls');
  result = importValibot(ensureImport(result, [`type ${type[0]}`], type[1]));
  result = addToObject(withDefineCalls(result), 'calls', call, 'src/api/calls.ts');
  return addToObject(result, 'callActors', [actor], 'src/api/calls.ts');
}
