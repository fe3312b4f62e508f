import { paramsOf, type NewScreen } from './args';
import ts from 'typescript';
import { contextTypeNode, specConfig, specObject } from './anchors';
import { ensureImport } from './edit';
import { findNode, nameOf, parse, prependEntry, property, ShapeError } from './syntax';

const SPEC = 'tests/paths/productPaths.ts';

/**
 * `:param`s in the path: a parser each (`int`: a whole number), a sample value in the spec, and a
 * title that names it (the catalogue's `{param}` filled in, as the shell does).
 */

/** The meta's parsers: `params: { projectId: int }`, and a list's `search: { page: int }`. */
export const paramsMeta = ({ path, list }: NewScreen) => {
  const params = paramsOf(path);
  return [
    ...(params.length ? [`params: { ${params.map((name) => `${name}: int`).join(', ')} }`] : []),
    ...(list ? ['search: { page: int }'] : []),
  ];
};

/** What the screen reads from its URL: its params, and a list's page (a search param). */
const urlParamsOf = ({ path, list }: NewScreen) => [...paramsOf(path), ...(list ? ['page'] : [])];

/** Why `int`, on the line above the meta, for a screen with params. */
export const paramsNote = ({ path }: NewScreen, indent: string) =>
  paramsOf(path).length
    ? [`${indent}// int: a whole number (another parser from @statechart/core, or none for text).`]
    : [];

/** Adds `int` to the import from '@statechart/core' (or a new import) when it is not there. */
export function importInt(source: string, screen: NewScreen): string {
  if (!urlParamsOf(screen).length) return source;
  return ensureImport(source, ['int'], '@statechart/core');
}

/**
 * The context type with the screen's URL params typed as their parser reads them (`int`: a
 * number) in `RoutedContext<{ … }>`, so the machine's inputs and guards and the views read
 * `context.params.projectId` as a number (the compiler holds the two together: docs/screens.md,
 * "Type tests"). A name already there is left as it is; a context type written another way (an
 * interface of its own) is the product's to extend.
 */
export function addParamTypes(source: string, screen: NewScreen): string {
  const names = urlParamsOf(screen);
  if (!names.length) return source;
  const at = parse(source, 'machines/appMachine.ts');
  const context = contextTypeNode(at, { optional: true });
  if (!context) return source;
  const routed = findNode(
    context,
    (node): node is ts.TypeReferenceNode =>
      ts.isTypeReferenceNode(node) && node.typeName.getText(at.tree) === 'RoutedContext',
  )?.typeArguments?.[0];
  if (!routed || !ts.isTypeLiteralNode(routed)) return source;
  const typed = new Set(routed.members.map((member) => nameOf(member.name)));
  const added = names.filter((name) => !typed.has(name)).map((name) => `${name}: number`);
  if (!added.length) return source;
  const last = routed.members[routed.members.length - 1];
  if (!last) at.edit.appendLeft(routed.getStart(at.tree) + 1, ` ${added.join('; ')} `);
  // A member written with its `;` (as Prettier leaves one on several lines) is followed by more of the same.
  else if (';,'.includes(at.source[last.getEnd() - 1] ?? ''))
    at.edit.appendLeft(last.getEnd(), ` ${added.join('; ')};`);
  else at.edit.appendLeft(last.getEnd(), `; ${added.join('; ')}`);
  return at.text();
}

/** The title's placeholder says which `{param}`s it may name. */
export const titleHint = ({ path }: NewScreen) => {
  const params = paramsOf(path).map((name) => `{${name}}`);
  return params.length ? ` (${params.join(', ')} is replaced by the param)` : '';
};

/** The title assertion: the catalogue's text, with the params filled in when it has some. */
export const titleAssertion = ({ id, path }: NewScreen) =>
  paramsOf(path).length ? `(params) => interpolate(strings.${id}.title, params)` : `strings.${id}.title`;

/** The spec's `block: { … }` samples (`params`, `search`) with `value` for `name`, unless it has one. */
function addSample(source: string, block: 'params' | 'search', name: string, value: string): string {
  const at = parse(source, SPEC);
  const samples = specObject(at, block);
  if (!samples)
    throw new ShapeError(
      at,
      specConfig(at),
      `\`${block}: { … }\` samples in the spec`,
      `add ${name}: [${value}] by hand`,
    );
  if (property(samples, name)) return source;
  prependEntry(at, samples, `${name}: [${value}]`);
  return at.text();
}

/** The spec's `search: {` samples with a value for `name`, unless it has one. */
export const addSearchSample = (source: string, name: string, value: string) =>
  addSample(source, 'search', name, value);

/** The spec with `interpolate` imported (for the title) and a sample value per new param. */
export function addParamSamples(source: string, { path }: NewScreen): string {
  const names = paramsOf(path);
  if (!names.length) return source;
  // A sample value the path tests put in the URL: any whole number the screen accepts.
  return names.reduce(
    (result, name) => addSample(result, 'params', name, '5'),
    ensureImport(source, ['interpolate'], '@statechart/core'),
  );
}
