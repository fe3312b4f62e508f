import { placeholdersIn } from '../../machines/placeholder';
import { strings } from '../../machines/strings';
import { productSpec } from './productPaths';

/** What `npm run new:screen` left to decide: this gate names it until it is written. */
export function unfilledPlaceholders(): string[] {
  return [
    ...placeholdersIn(strings).map((path) => `strings.${path} is a placeholder: write it in machines/strings.ts`),
    ...placeholdersIn(productSpec.assertions).map(
      (path) => `the assertion ${path} is a placeholder: say how a person sees it in tests/paths/productPaths.ts`,
    ),
  ];
}
