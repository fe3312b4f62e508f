import { catalogue } from './anchors';
import { hasNav, todo, type NewScreen } from './args';
import { options } from './options';
import { titleHint } from './param';
import { insertLast, parse } from './syntax';

/**
 * machines/strings.ts with the screen's words as placeholders, before the catalogue's end: only
 * what the machine (title, nav) and the path tests (labels they click) need; a view's own words
 * stay in its chunk.
 */
export function addStrings(source: string, screen: NewScreen): string {
  const { id } = screen;
  const at = parse(source, 'machines/strings.ts');
  const words = catalogue(at);
  const applied = options.filter((option) => option.applies(screen));
  const block = [
    `  ${id}: {`,
    `    title: ${todo(`the title of ${id}${titleHint(screen)}`)},`,
    ...(hasNav(screen) ? [`    nav: ${todo(`the navigation label of ${id} (or remove nav from its meta)`)},`] : []),
    ...applied.flatMap((option) => option.words?.(screen) ?? []),
    '  },',
    '',
    ...applied.flatMap((option) => option.sharedWords?.(words, screen) ?? []),
  ];
  // Last in the catalogue; blank lines between entries are kept, none is added before its end.
  while (block[block.length - 1] === '') block.pop();
  insertLast(at, words, block);
  return at.text();
}
