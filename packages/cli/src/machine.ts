import { hasNav, type NewScreen } from './args';
import type { ScreenOption } from './option';
import { options } from './options';
import { hasState, stateNode, statesOf } from './anchors';
import { addRootState } from './machineEdit';
import { addBesideCall, addStatesBlock } from './parent';
import { insertFirst, parse } from './syntax';
import { addParamTypes, importInt, paramsMeta, paramsNote } from './param';

/** The options' lines of the state node: as they are, or, when two have child states, a region each. */
function nodeLines(applied: ScreenOption[], screen: NewScreen, indent: string): string[] {
  const shaped = applied.filter((option) => option.node);
  if (shaped.length < 2) return shaped.flatMap((option) => option.node?.(screen, indent) ?? []);
  return [
    `${indent}type: 'parallel',`,
    `${indent}states: {`,
    ...shaped.flatMap((option) => [
      `${indent}  ${option.region}: {`,
      ...(option.node?.(screen, `${indent}    `) ?? []),
      `${indent}  },`,
    ]),
    `${indent}},`,
  ];
}

/**
 * machines/appMachine.ts with the new state: at the root before notFound, or first under
 * `parent`'s states; each option that applies adds its part of the node and what it needs in
 * setup (events, actors, guards, actions, context).
 */
export function addState(source: string, screen: NewScreen): string {
  const { id, parent } = screen;
  if (hasState(source, id)) throw new Error(`machines/appMachine.ts already has a state #${id}`);
  const applied = options.filter((option) => option.applies(screen));
  const meta = [
    `path: '${screen.path}'`,
    ...paramsMeta(screen),
    `title: strings.${id}.title`,
    ...(hasNav(screen) ? [`nav: strings.${id}.nav`] : []),
  ];
  const on = applied.flatMap((option) => option.on?.(screen) ?? []);
  const node = (indent = '') =>
    [
      `${indent}${id}: {`,
      `${indent}  id: '${id}',`,
      `${indent}  route: {},`,
      ...paramsNote(screen, `${indent}  `),
      `${indent}  meta: { ${meta.join(', ')} },`,
      ...(on.length ? [`${indent}  on: { ${on.join(', ')} },`] : []),
      ...nodeLines(applied, screen, `${indent}  `),
      `${indent}},`,
      '',
    ].join('\n');
  if (parent && !hasState(source, parent)) throw new Error(`machines/appMachine.ts has no state #${parent}`);
  const prepared = addParamTypes(
    importInt(
      applied.reduce((result, option) => option.machine?.(result, screen) ?? result, source),
      screen,
    ),
    screen,
  );
  const lines = node().replace(/\n$/, '').split('\n');
  if (!parent) return addRootState(prepared, lines);
  const at = parse(prepared, 'machines/appMachine.ts');
  const own = stateNode(at, parent);
  if (!own) throw new Error(`machines/appMachine.ts has no state #${parent}`);
  // A parent that loads: its children go beside its call (parent.ts).
  const besideCall = addBesideCall(at, own, parent, lines);
  if (besideCall) return besideCall;
  const states = statesOf(at, own);
  if (!states) return addStatesBlock(at, own, parent, lines);
  insertFirst(at, states, lines);
  return at.text();
}
