import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NewScreen } from './args';
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

/** What a loading parent's URL shows besides its own view: nothing more until a child is chosen. */
function indexViewSource(parent: string): string {
  return [
    `/** /${parent} with no child chosen: the list is #${parent}'s own view; nothing shows beside it yet. */`,
    'export function View() {',
    '  return null;',
    '}',
    '',
  ].join('\n');
}

/** Writes the pieces under `root`; returns the files written and what is left to do by hand. */
export function newScreen(root: string, screen: NewScreen): { files: string[]; notes: string[] } {
  const file = (path: string) => resolve(root, path);
  const read = (path: string) => (existsSync(file(path)) ? readFileSync(file(path), 'utf8') : undefined);
  const view = `src/views/${screen.id}.view.tsx`;
  if (read(view) !== undefined) throw new Error(`${view} exists already`);
  const machine = read('machines/appMachine.ts') ?? '';
  const nextMachine = addState(machine, screen);
  const parentGotStates =
    screen.parent !== undefined &&
    nextMachine.includes(`id: '${indexChild(screen.parent)}'`) &&
    !machine.includes(`id: '${indexChild(screen.parent)}'`);
  const written: (readonly [string, string])[] = [
    ['machines/appMachine.ts', nextMachine],
    ['machines/strings.ts', addStrings(read('machines/strings.ts') ?? '', screen)],
    ['tests/paths/productPaths.ts', addAssertion(read('tests/paths/productPaths.ts') ?? '', screen, parentGotStates)],
    ...options.filter((option) => option.applies(screen)).flatMap((option) => option.files?.(screen, read) ?? []),
  ];
  const notes: string[] = [];
  // A loading parent's index child has a URL of its own ('': the list alone), so it has a view.
  const index = screen.parent === undefined ? undefined : indexChild(screen.parent);
  const indexView = `src/views/${index}.view.tsx`;
  if (index && nextMachine.includes(`${index}: { id: '${index}', route: {}`) && read(indexView) === undefined) {
    written.push([indexView, indexViewSource(screen.parent ?? '')]);
  }
  if (screen.parent) {
    const { file: outlet, note } = parentView(screen.parent, screen.id, read);
    if (outlet) written.push(outlet);
    if (note) notes.push(note);
  }
  // Every edit is computed before any file is written: a refusal leaves the repository as it was.
  for (const [path, source] of written) writeFileSync(file(path), source);
  writeFileSync(file(view), viewSource(screen));
  return { files: [...written.map(([path]) => path), view], notes };
}
