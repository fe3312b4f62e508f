import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { placeholdersIn, PLACEHOLDER } from './placeholder';

/** What the gate reads of a product: its words and its path spec (the parts `new:screen` writes into). */
export interface PlaceholderSources {
  strings: object;
  spec: { assertions: object; outcomes?: object; events: readonly { type: string }[] };
  /** The product's root directory (default: the directory the tests run in). */
  root?: string;
}

/**
 * What `npm run new:screen` left to decide: this gate names it until it is written. A product's
 * test calls it with its own strings and spec (tests/paths/placeholders.test.ts).
 */
export function unfilledPlaceholders({
  strings,
  spec: productSpec,
  root = process.cwd(),
}: PlaceholderSources): string[] {
  const filesIn = (folder: string, ending: string) =>
    readdirSync(join(root, folder))
      .filter((file) => file.endsWith(ending))
      .map((file) => `${folder}${file}`);
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  /**
   * The files a generator writes code into (not words): a `TODO:` there marks a decision (a data
   * shape, an API path, what the server answers, who may see a screen, a form's fields), named with
   * its line. Every module in machines/, since a form gets one of its own.
   */
  const sources = [...filesIn('machines/', '.ts'), 'src/api/calls.ts', 'server/handlers.ts'];
  const views = filesIn('src/views/', '.view.tsx');
  /** View files whose own words are still placeholders (`'TODO: …'`). */
  const viewsWithPlaceholders = views
    // In either quote: a product's Prettier config may choose double quotes.
    .filter((file) => read(file).includes(`'${PLACEHOLDER}`) || read(file).includes(`"${PLACEHOLDER}`))
    .map((file) => file.slice('src/views/'.length));
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
    ...viewsWithPlaceholders.map((file) => `src/views/${file} has placeholder words: write them`),
    ...[...sources, ...views].flatMap((file) => placeholderLines(file, read(file))),
  ];
}

/** Each `// TODO:` line (a quoted `'TODO: …'` is a word, named above). */
function placeholderLines(file: string, source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const at = line.indexOf(`// ${PLACEHOLDER}`) < 0 ? -1 : line.indexOf(PLACEHOLDER);
    return at < 0 ? [] : [`${file}:${index + 1} is a placeholder: ${line.slice(at + PLACEHOLDER.length).trim()}`];
  });
}
