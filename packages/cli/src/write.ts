import { hasState, routedStates } from './anchors';
import { parse } from './syntax';
import { todo, type NewScreen } from './args';
import { savesToOf, savesToNotes } from './form';
import { addState } from './machine';
import { options } from './options';
import { indexChild, parentView } from './parent';
import { addAssertion } from './spec';
import { addStrings } from './strings';
import { plainView } from './view';

/** The screen's view: the first option's that has one, else the plain one. */
export function viewSource(screen: NewScreen): string {
  const shaped = options.find((option) => option.applies(screen) && option.view);
  return shaped?.view?.(screen) ?? plainView(screen);
}

/**
 * What a loading parent's URL shows beside its own view until a child is chosen: a heading of its
 * own (the shell focuses the heading of the screen a move enters: coming Back to the list focuses
 * this one) and what to do there.
 */
export function indexViewSource(parent: string): string {
  const index = indexChild(parent);
  return [
    "import { ScreenHeading } from '@statechart/react';",
    '',
    `// /${parent} with no child chosen: the list is #${parent}'s own view; this shows beside it.`,
    'const words = {',
    `  heading: ${todo(`the heading of ${index}`)},`,
    `  body: ${todo(`what ${index} says: choose an item to see it here`)},`,
    '};',
    '',
    'export function View() {',
    '  return (',
    '    <section>',
    '      <ScreenHeading level={2}>{words.heading}</ScreenHeading>',
    '      <p>{words.body}</p>',
    '    </section>',
    '  );',
    '}',
    '',
  ].join('\n');
}

/** A file a generator writes: its path under the product's root and its whole new text. */
export type Written = readonly [string, string];

/**
 * What `new:screen` writes, computed and not written: each file's new text (in the generator's
 * style, style.ts) and what is left to do by hand. `read` gives a product file's text, or undefined
 * when it does not exist. Every edit is computed before any file is written: a refusal leaves the
 * product as it was.
 */
export function planScreen(
  asked: NewScreen,
  read: (path: string) => string | undefined,
): { files: Written[]; notes: string[] } {
  const view = `src/views/${asked.id}.view.tsx`;
  if (read(view) !== undefined) throw new Error(`${view} exists already`);
  const machine = read('machines/appMachine.ts') ?? '';
  // A form saves into a list: found in the machine, so that its save marks the list stale.
  const savesTo = asked.form ? savesToOf(machine, asked) : undefined;
  const screen: NewScreen = savesTo ? { ...asked, savesTo } : asked;
  const nextMachine = addState(machine, screen);
  const parentGotStates =
    screen.parent !== undefined &&
    hasState(nextMachine, indexChild(screen.parent)) &&
    !hasState(machine, indexChild(screen.parent));
  // A loading parent's index child has a URL of its own ('': the list alone), so it has a view.
  const index = screen.parent === undefined ? undefined : indexChild(screen.parent);
  const indexView = `src/views/${index}.view.tsx`;
  const indexGetsView =
    index !== undefined &&
    routedStates(parse(nextMachine, 'machines/appMachine.ts')).some(({ id }) => id === index) &&
    read(indexView) === undefined;
  const spec = addAssertion(read('tests/paths/productPaths.ts') ?? '', screen, parentGotStates, indexGetsView);
  const written: Written[] = [
    ['machines/appMachine.ts', nextMachine],
    ['machines/strings.ts', addStrings(read('machines/strings.ts') ?? '', screen)],
    ['tests/paths/productPaths.ts', spec],
    ...options.filter((option) => option.applies(screen)).flatMap((option) => option.files?.(screen, read) ?? []),
  ];
  const notes: string[] = [
    ...savesToNotes(screen),
    ...options.filter((option) => option.applies(screen)).flatMap((option) => option.notes?.(screen, read) ?? []),
  ];
  if (indexGetsView) written.push([indexView, indexViewSource(screen.parent ?? '')]);
  if (screen.parent) {
    const { file: outlet, notes: parentNotes } = parentView(screen.parent, screen, read);
    if (outlet) written.push(outlet);
    notes.push(...parentNotes);
  }
  written.push([view, viewSource(screen)]);
  return { files: written, notes };
}
