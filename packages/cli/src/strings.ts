import { hasNav, todo, type NewScreen } from './args';
import { options } from './options';
import { titleHint } from './param';

/**
 * machines/strings.ts with the screen's words as placeholders, before the catalogue's end: only
 * what the machine (title, nav) and the path tests (labels they click) need; a view's own words
 * stay in its chunk.
 */
export function addStrings(source: string, screen: NewScreen): string {
  const { id } = screen;
  const end = source.lastIndexOf('} as const;');
  if (end < 0) throw new Error('machines/strings.ts: no "} as const;" at the end of the catalogue');
  const applied = options.filter((option) => option.applies(screen));
  const block = [
    `  ${id}: {`,
    `    title: ${todo(`the title of ${id}${titleHint(screen)}`)},`,
    ...(hasNav(screen) ? [`    nav: ${todo(`the navigation label of ${id} (or remove nav from its meta)`)},`] : []),
    ...applied.flatMap((option) => option.words?.(screen) ?? []),
    '  },',
    '',
    ...applied.flatMap((option) => option.sharedWords?.(source, screen) ?? []),
  ].join('\n');
  return source.slice(0, end) + block + source.slice(end);
}
