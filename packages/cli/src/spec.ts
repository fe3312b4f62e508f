import { todo, type NewScreen } from './args';
import { options } from './options';
import { addParamSamples, titleAssertion } from './param';
import { moveParentTitle } from './parent';

/**
 * tests/paths/productPaths.ts with a placeholder assertion for the screen (its heading, its
 * title), each option's assertions, samples, executors and outcomes, a sample for each new param,
 * and, when the parent just got its child states, the parent's title moved to its index child
 * (with a heading of its own when it gets a view: a list's index, write.ts).
 */
export function addAssertion(
  source: string,
  screen: NewScreen,
  parentGotStates = false,
  indexGetsView = false,
): string {
  const { id, parent } = screen;
  const match = /\n( *)assertions: \{\n/.exec(source);
  if (!match) throw new Error('tests/paths/productPaths.ts: no "assertions: {" block');
  const indent = `${match[1] ?? ''}  `;
  const applied = options.filter((option) => option.applies(screen));
  const lines = [
    `${indent}${id}: { heading: ${todo(`how a person sees #${id}: its heading`)}, title: ${titleAssertion(screen)} },`,
    ...applied.flatMap((option) => option.assertions?.(screen, indent, source) ?? []),
  ];
  let result = applied.reduce((spec, option) => option.spec?.(spec, screen) ?? spec, source);
  if (parent && parentGotStates) {
    const moved = moveParentTitle(result, parent, indent, indexGetsView);
    result = moved.spec;
    lines.push(moved.line);
  }
  const block = /\n( *)assertions: \{\n/.exec(result) ?? match;
  const at = block.index + block[0].length;
  result = result.slice(0, at) + lines.map((line) => `${line}\n`).join('') + result.slice(at);
  return addParamSamples(result, screen);
}
