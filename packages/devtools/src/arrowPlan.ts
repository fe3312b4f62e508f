import type { ElkExtendedEdge } from 'elkjs/lib/elk-api';
import type { GraphState, GraphTransition, MachineGraph } from './graph';
import { labelBox } from './units';

/**
 * Which edge ELK lays out for each arrow, and in which container. Each container (compound or
 * parallel state, the diagram itself) is laid out on its own, bottom up (ELK's SEPARATE_CHILDREN):
 * its children are fixed-size boxes to it. A transition between states in different containers is
 * laid out as an edge between the two children of their lowest common container that hold them
 * (with its label), and joined to its real source and target afterwards through the containers'
 * margins (joins.ts). One hierarchical layout with cross-hierarchy edges (INCLUDE_CHILDREN) took
 * 3.5–11 s on a nested 200-state machine; ports on the containers' borders, to let ELK route those
 * joins too, doubled the time of this one.
 */
export interface Plan {
  from: string;
  /** The box ELK's edge starts at: `from`, or the container holding it in the common container. */
  exitVia: string;
  to: string;
  entryVia: string;
  label: string | null;
  intoAncestor: boolean;
  /** The transition drawn; null for a compound state's initial arrow. */
  transition: GraphTransition | null;
}

export interface ArrowPlans {
  /** By edge id (`transition.id>targetIndex`, or the initial dot's `…::initial>target`), in drawing order. */
  plans: Map<string, Plan>;
  /** By container id: the edges ELK lays out in that container. */
  lifted: Map<string, ElkExtendedEdge[]>;
  /** The states with an anchor: the start of their transitions into their own descendants. */
  anchored: ReadonlySet<string>;
}

/** The id of the whole diagram, the outermost container. */
export const DIAGRAM = '__diagram';
export const initialId = (stateId: string) => `${stateId}::initial`;
export const anchorId = (stateId: string) => `${stateId}::anchor`;

type States = ReadonlyMap<string, GraphState>;

/** Plans every arrow drawn (`arrows`, each to each of its targets) and every initial state's arrow. */
export function planArrows(
  graph: MachineGraph,
  byId: States,
  arrows: GraphTransition[],
  labelOf: (transition: GraphTransition) => string,
): ArrowPlans {
  const plans = new Map<string, Plan>();
  const lifted = new Map<string, ElkExtendedEdge[]>();
  // A transition into the source's own descendants starts at an anchor inside the source: ELK
  // routes an edge from a container to its content around the outside of the container.
  const anchored = new Set(
    arrows.filter((t) => t.targets.some((target) => isInside(byId, target, t.source))).map((t) => t.source),
  );

  /**
   * Plans the arrow `from` → `to`: the edge ELK lays out, between the children of the lowest
   * container holding both ends that hold them (`via`), labelled; the joins from `from` and to `to`
   * are drawn after the layout. `fromParent` is the container `from` sits in (an anchor's or an
   * initial dot's is its state).
   */
  const connect = (
    id: string,
    transition: GraphTransition | null,
    from: string,
    fromParent: string | null,
    to: string,
    label?: string,
  ) => {
    const up = containersOf(byId, fromParent);
    const toContainers = containersOf(byId, byId.get(to)?.parent ?? null);
    const common = up.find((container) => container === to || toContainers.includes(container)) ?? DIAGRAM;
    // The child of `common` holding `from` (`from` itself when it is one).
    const exitVia = up[up.indexOf(common) - 1] ?? from;
    if (to === common) {
      // Into an ancestor of the source: nothing to lay out; drawn to that ancestor's border.
      plans.set(id, { from, exitVia: from, to, entryVia: to, label: label ?? null, intoAncestor: true, transition });
      return;
    }
    const entryVia = toContainers[toContainers.indexOf(common) - 1] ?? to;
    plans.set(id, { from, exitVia, to, entryVia, label: label ?? null, intoAncestor: false, transition });
    lifted.set(common, [
      ...(lifted.get(common) ?? []),
      { id, sources: [exitVia], targets: [entryVia], ...(label !== undefined && { labels: [labelBox(label)] }) },
    ]);
  };

  for (const transition of arrows) {
    transition.targets.forEach((target, index) => {
      const inward = isInside(byId, target, transition.source);
      connect(
        `${transition.id}>${index}`,
        transition,
        inward ? anchorId(transition.source) : transition.source,
        inward ? transition.source : (byId.get(transition.source)?.parent ?? null),
        target,
        labelOf(transition),
      );
    });
  }
  for (const state of graph.states) {
    for (const target of state.initial)
      connect(`${initialId(state.id)}>${target}`, null, initialId(state.id), state.id, target);
  }
  return { plans, lifted, anchored };
}

function isInside(byId: States, id: string, ancestor: string): boolean {
  for (let at = byId.get(id)?.parent; at; at = byId.get(at)?.parent) if (at === ancestor) return true;
  return false;
}

/** The containers holding a state, nearest first, the diagram last. */
function containersOf(byId: States, parent: string | null): string[] {
  const list: string[] = [];
  for (let at = parent; at; at = byId.get(at)?.parent ?? null) list.push(at);
  return [...list, DIAGRAM];
}
