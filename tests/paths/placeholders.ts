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
    ...productSpec.events.flatMap((event) =>
      placeholdersIn(event).map(
        (path) => `the sample ${event.type} ${path} is a placeholder: write a value in tests/paths/productPaths.ts`,
      ),
    ),
    ...viewsWithPlaceholders().map((file) => `src/views/${file} has placeholder words: write them`),
    ...[...sources(), ...filesIn('src/views/', '.view.tsx')].flatMap(placeholderLines),
  ];
}

/**
 * The files a generator writes code into (not words): a `TODO:` there marks a decision (a data
 * shape, an API path, what the server answers, who may see a screen, a form's fields), named with
 * its line. Every module in machines/, since a form gets one of its own.
 */
const sources = () => [...filesIn('machines/', '.ts'), 'src/api/calls.ts', 'server/handlers.ts'];

const filesIn = (folder: string, ending: string) =>
  readdirSync(new URL(`../../${folder}`, import.meta.url))
    .filter((file) => file.endsWith(ending))
    .map((file) => `${folder}${file}`);

/** Each `// TODO:` line (a quoted `'TODO: …'` is a word, named above). */
function placeholderLines(file: string): string[] {
  const source = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  return source.split('\n').flatMap((line, index) => {
    const at = line.indexOf(`// ${PLACEHOLDER}`) < 0 ? -1 : line.indexOf(PLACEHOLDER);
    return at < 0 ? [] : [`${file}:${index + 1} is a placeholder: ${line.slice(at + PLACEHOLDER.length).trim()}`];
  });
}

/** View files whose own words are still placeholders (`'TODO: …'`). */
function viewsWithPlaceholders(): string[] {
  return filesIn('src/views/', '.view.tsx')
    .filter((file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').includes(`'${PLACEHOLDER}`))
    .map((file) => file.slice('src/views/'.length));
}
