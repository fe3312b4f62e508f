import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** A redirect: an unguarded `always` with a target leaves the state before anything renders. */
const redirects = (node: AnyStateNode) =>
  (node.always ?? []).some((transition) => !transition.guard && Boolean(transition.target?.length));

/**
 * The ids of states that show a screen: those with a title, except redirects, which never rest.
 * A guarded `always` leaves only sometimes: its state still shows, so it needs a view.
 */
export function screenIds(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) => {
    if ((node.meta as { title?: string } | undefined)?.title && !redirects(node)) ids.push(node.id);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return ids.sort();
}
