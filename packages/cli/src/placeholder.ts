/**
 * What `npm run new:screen` writes where a person must decide: words in machines/strings.ts and
 * the path-test assertion. tests/paths/placeholders.test.ts fails, naming each, until replaced.
 */
export const PLACEHOLDER = 'TODO:';

export const isPlaceholder = (value: unknown): boolean => typeof value === 'string' && value.startsWith(PLACEHOLDER);

/** Every placeholder string inside `value`, by its dotted path (`things.title`). */
export function placeholdersIn(value: unknown, path = ''): string[] {
  if (isPlaceholder(value)) return [path];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => placeholdersIn(child, path ? `${path}.${key}` : key));
}
