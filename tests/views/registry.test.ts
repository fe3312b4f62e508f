import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { appMachine } from '../../machines/appMachine';
import { referenceMachine } from '../reference/referenceMachine';

/**
 * The ids of states that show a screen: those with a title, except redirects (an unguarded
 * `always`), which never rest. A guarded `always` (access: "not allowed" for some roles) rests.
 */
function screenIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    const redirect = (node.always ?? []).some((transition) => !transition.guard);
    if ((node.meta as { title?: string } | undefined)?.title && !redirect) ids.push(node.id);
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
