import { paramsOf, type NewScreen } from './args';
import { contextType, ensureImport } from './edit';

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
 * "Type tests"). A name already there is left as it is.
 */
export function addParamTypes(source: string, screen: NewScreen): string {
  const names = urlParamsOf(screen);
  if (!names.length || !/\n *context: \{\} as /.test(source)) return source;
  const context = contextType(source);
  let type = context.type;
  for (const name of names) {
    // On one line or, once Prettier has broken a long one (a product with a few params), on several.
    const routed = /RoutedContext<\{\s*([^}]*?);?\s*\}>/.exec(type);
    // A context type written another way (an interface of its own) is the product's to extend.
    if (!routed) return source;
    if (!new RegExp(`\\b${name}\\??:`).test(routed[1] ?? ''))
      type = type.replace(routed[0], `RoutedContext<{ ${routed[1]}; ${name}: number }>`);
  }
  return source.slice(0, context.start) + type + source.slice(context.end);
}

/** The title's placeholder says which `{param}`s it may name. */
export const titleHint = ({ path }: NewScreen) => {
  const params = paramsOf(path).map((name) => `{${name}}`);
  return params.length ? ` (${params.join(', ')} is replaced by the param)` : '';
};

/** The title assertion: the catalogue's text, with the params filled in when it has some. */
export const titleAssertion = ({ id, path }: NewScreen) =>
  paramsOf(path).length ? `(params) => interpolate(strings.${id}.title, params)` : `strings.${id}.title`;

/** The spec's `search: {` samples with a value for `name`, unless it has one. */
export function addSearchSample(source: string, name: string, value: string): string {
  const search = /\n( *)search: \{/.exec(source);
  if (!search) throw new Error(`tests/paths/productPaths.ts: no "search: {" samples to add ${name} to`);
  const end = search.index + search[0].length;
  if (new RegExp(`\\b${name}:`).test(source.slice(end, source.indexOf('}', end)))) return source;
  const empty = source.slice(end).startsWith('}');
  return `${source.slice(0, end)}${empty ? ` ${name}: [${value}] ` : ` ${name}: [${value}],`}${source.slice(end)}`;
}

/** The spec with `interpolate` imported (for the title) and a sample value per new param. */
export function addParamSamples(source: string, { path }: NewScreen): string {
  const names = paramsOf(path);
  let result = source;
  if (names.length && !/import \{[^}]*\binterpolate\b[^}]*\} from '/.test(result)) {
    result = `import { interpolate } from '@statechart/core';\n${result}`;
  }
  for (const name of names) {
    const params = /\n( *)params: \{/.exec(result);
    if (!params) throw new Error('tests/paths/productPaths.ts: no "params: {" samples to add :' + name + ' to');
    const end = params.index + params[0].length;
    const has = new RegExp(`\\b${name}:`).test(result.slice(end, result.indexOf('}', end)));
    // A sample value the path tests put in the URL: any whole number the screen accepts.
    if (!has) result = `${result.slice(0, end)} ${name}: [5],${result.slice(end)}`;
  }
  return result;
}
