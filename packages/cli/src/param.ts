import { paramsOf, type NewScreen } from './args';
import { ensureImport } from './edit';

/**
 * `:param`s in the path: a parser each (`int`: a whole number), a sample value in the spec, and a
 * title that names it (the catalogue's `{param}` filled in, as the shell does).
 */

/** The meta's parsers: `params: { projectId: int }`, or nothing for a path without params. */
export const paramsMeta = ({ path }: NewScreen) => {
  const params = paramsOf(path);
  return params.length ? [`params: { ${params.map((name) => `${name}: int`).join(', ')} }`] : [];
};

/** Why `int`, on the line above the meta, for a screen with params. */
export const paramsNote = ({ path }: NewScreen, indent: string) =>
  paramsOf(path).length
    ? [`${indent}// int: a whole number (another parser from @statechart/core, or none for text).`]
    : [];

/** Adds `int` to the import from '@statechart/core' (or a new import) when it is not there. */
export function importInt(source: string, { path }: NewScreen): string {
  if (!paramsOf(path).length) return source;
  return ensureImport(source, ['int'], '@statechart/core');
}

/** The title's placeholder says which `{param}`s it may name. */
export const titleHint = ({ path }: NewScreen) => {
  const params = paramsOf(path).map((name) => `{${name}}`);
  return params.length ? ` (${params.join(', ')} is replaced by the param)` : '';
};

/** The title assertion: the catalogue's text, with the params filled in when it has some. */
export const titleAssertion = ({ id, path }: NewScreen) =>
  paramsOf(path).length ? `(params) => interpolate(strings.${id}.title, params)` : `strings.${id}.title`;

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
