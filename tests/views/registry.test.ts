import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { appMachine } from '../../machines/appMachine';
import { referenceMachine } from '../reference/referenceMachine';
import { shapesMachine } from '../shapes/shapesMachine';

/** A redirect: an unguarded `always` with a target leaves the state before anything renders. */
const redirects = (node: AnyStateNode) =>
  (node.always ?? []).some((transition) => !transition.guard && Boolean(transition.target?.length));

/**
 * The ids of states that show a screen: those with a title, except redirects, which never rest.
 * A guarded `always` leaves only sometimes: its state still shows, so it needs a view.
 */
function screenIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    if ((node.meta as { title?: string } | undefined)?.title && !redirects(node)) ids.push(node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return ids.sort();
}

const idsOf = (files: Record<string, unknown>) =>
  Object.keys(files)
    .map((file) => /([^/]+)\.view\.tsx$/.exec(file)?.[1] ?? file)
    .sort();

describe('one view per screen state', () => {
  it('gives every product screen state a view, and every product view a state', () => {
    expect(idsOf(import.meta.glob('../../src/views/*.view.tsx'))).toEqual(screenIds(appMachine));
  });

  it('gives every reference screen state a view, and every reference view a state', () => {
    const views = idsOf({
      ...import.meta.glob('../../src/views/{notFound,error}.view.tsx'),
      ...import.meta.glob('../reference/views/*.view.tsx'),
    });
    expect(views).toEqual(screenIds(referenceMachine));
  });
});

describe('one view per screen state of the second reference machine', () => {
  it('gives every shapes screen state a view, and every shapes view a state', () => {
    const views = idsOf({
      ...import.meta.glob('../../src/views/notFound.view.tsx'),
      ...import.meta.glob('../shapes/views/*.view.tsx'),
    });
    expect(views).toEqual(screenIds(shapesMachine));
  });
});

describe('which states count as screens', () => {
  it('tells a guarded always, which may stay and show, from a redirect, which never shows', () => {
    const machine = setup({ guards: { missing: () => false } }).createMachine({
      initial: 'maybe',
      states: {
        maybe: { id: 'maybe', meta: { title: 'Maybe' }, always: { guard: 'missing', target: 'shown' } },
        redirect: { id: 'redirect', meta: { title: 'Old' }, always: { target: 'shown' } },
        shown: { id: 'shown', meta: { title: 'Shown' } },
      },
    });
    expect(screenIds(machine)).toEqual(['maybe', 'shown']);
  });
});
