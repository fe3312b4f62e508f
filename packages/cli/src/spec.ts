import { assertionsOf } from './anchors';
import { todo, type NewScreen } from './args';
import { options } from './options';
import { addParamSamples, titleAssertion } from './param';
import { moveParentTitle } from './parent';
import { insertFirst, parse } from './syntax';

const SPEC = 'tests/paths/productPaths.ts';

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
  const applied = options.filter((option) => option.applies(screen));
  const lines = [
    `${id}: { heading: ${todo(`how a person sees #${id}: its heading`)}, title: ${titleAssertion(screen)} },`,
    ...applied.flatMap((option) => option.assertions?.(screen, assertionsOf(parse(source, SPEC))) ?? []),
  ];
  let result = applied.reduce((spec, option) => option.spec?.(spec, screen) ?? spec, source);
  if (parent && parentGotStates) {
    const moved = moveParentTitle(result, parent, indexGetsView);
    result = moved.spec;
    lines.push(moved.line);
  }
  const at = parse(result, SPEC);
  insertFirst(at, assertionsOf(at), lines);
  return addParamSamples(at.text(), screen);
}
