import { readdirSync, readFileSync } from 'node:fs';
import { placeholdersIn, PLACEHOLDER } from '../../machines/placeholder';
import { strings } from '../../machines/strings';
import { productSpec } from './productPaths';

/** What `npm run new:screen` left to decide: this gate names it until it is written. */
export function unfilledPlaceholders(): string[] {
  return [
    ...placeholdersIn(strings).map((path) => `strings.${path} is a placeholder: write it in machines/strings.ts`),
    ...placeholdersIn(productSpec.assertions).map(
      (path) => `the assertion ${path} is a placeholder: say how a person sees it in tests/paths/productPaths.ts`,
    ),
    ...placeholdersIn(productSpec.outcomes ?? {}).map(
      (path) => `the call outcome ${path} is a placeholder: write a sample answer in tests/paths/productPaths.ts`,
    ),
    ...viewsWithPlaceholders().map((file) => `src/views/${file} has placeholder words: write them`),
    ...[...SOURCES, ...viewFiles().map((file) => `src/views/${file}`)].flatMap(placeholderLines),
  ];
}

/**
 * The files a generator writes code into (not words): a `TODO:` there marks a decision (a data
 * shape, an API path, what the server answers, who may see a screen), named with its line.
 */
const SOURCES = ['machines/appMachine.ts', 'src/api/calls.ts', 'server/handlers.ts'];

/** Each `// TODO:` line (a quoted `'TODO: …'` is a word, named above). */
function placeholderLines(file: string): string[] {
  const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  return source.split('\n').flatMap((line, index) => {
    const at = line.indexOf(`// ${PLACEHOLDER}`) < 0 ? -1 : line.indexOf(PLACEHOLDER);
    return at < 0 ? [] : [`${file}:${index + 1} is a placeholder: ${line.slice(at + PLACEHOLDER.length).trim()}`];
  });
}

const viewsFolder = new URL('../../src/views/', import.meta.url);
const viewFiles = () => readdirSync(viewsFolder).filter((file) => file.endsWith('.view.tsx'));

/** View files whose own words are still placeholders (`'TODO: …'`). */
function viewsWithPlaceholders(): string[] {
  return viewFiles().filter((file) => readFileSync(new URL(file, viewsFolder), 'utf8').includes(`'${PLACEHOLDER}`));
}
