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
    ...viewsWithPlaceholders().map((file) => `src/views/${file} has placeholder words: write them`),
  ];
}

/** View files whose own words are still placeholders (`'TODO: …'`). */
function viewsWithPlaceholders(): string[] {
  const folder = new URL('../../src/views/', import.meta.url);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.view.tsx'))
    .filter((file) => readFileSync(new URL(file, folder), 'utf8').includes(`'${PLACEHOLDER}`));
}
