import { hasNav, type NewScreen } from './args';
import type { ScreenOption } from './option';
import { options } from './options';
import { addBesideCall, addStatesBlock } from './parent';
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
  if (source.includes(`id: '${id}'`)) throw new Error(`machines/appMachine.ts already has a state #${id}`);
  const applied = options.filter((option) => option.applies(screen));
  const meta = [
    `path: '${screen.path}'`,
    ...paramsMeta(screen),
    `title: strings.${id}.title`,
    ...(hasNav(screen) ? [`nav: strings.${id}.nav`] : []),
  ];
  const on = applied.flatMap((option) => option.on?.(screen) ?? []);
  const node = (indent: string) =>
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
  if (parent && !source.includes(`id: '${parent}'`)) throw new Error(`machines/appMachine.ts has no state #${parent}`);
  const prepared = addParamTypes(
    importInt(
      applied.reduce((result, option) => option.machine?.(result, screen) ?? result, source),
      screen,
    ),
    screen,
  );
  if (!parent) {
    const match = /\n( *)notFound: \{/.exec(prepared);
    if (!match) throw new Error('machines/appMachine.ts: no root state "notFound" to insert before');
    return prepared.slice(0, match.index + 1) + node(match[1] ?? '') + prepared.slice(match.index + 1);
  }
  const own = prepared.indexOf(`id: '${parent}'`);
  const besideCall = addBesideCall(prepared, own, parent, node);
  if (besideCall) return besideCall;
  const states = /\n( *)states: \{\n/.exec(prepared.slice(own));
  const next = /\n *[A-Za-z]+: \{\n *id: '/.exec(prepared.slice(own));
  if (!states || (next && next.index < states.index)) return addStatesBlock(prepared, own, parent, node);
  const at = own + states.index + states[0].length;
  return prepared.slice(0, at) + node(`${states[1] ?? ''}  `) + prepared.slice(at);
}
