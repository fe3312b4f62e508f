import type { GraphState, MachineGraph } from './graph';
import { routeLine, stateTitle, transitionLabel } from './layout';

/**
 * The graph as a Mermaid stateDiagram-v2: nested composite states, parallel regions separated by
 * `--`, `[*] -->` initial arrows, transitions labelled `event [guard]`. As in the SVG, routed()'s
 * generated route transitions are summed up by each routable state's route path, and targetless
 * transitions are listed inside their state. Transitions between siblings are written inside their
 * parent's block; the others at the end, at the top level, once every state is declared (Mermaid
 * places a state in the block that mentions it).
 */
export function toMermaid(graph: MachineGraph): string {
  const byId = new Map(graph.states.map((state) => [state.id, state]));
  const names = mermaidNames(graph.states);
  const name = (id: string) => names.get(id) as string;
  const drawn = graph.transitions.filter((transition) => transition.kind !== 'route');
  const lines: string[] = ['stateDiagram-v2'];
  const topLevel: string[] = [];

  const label = (text: string) => text.replace(/[:;#]/g, (char) => `#${char.charCodeAt(0)};`);
  const edgesInside = (parent: GraphState, indent: string) => {
    for (const transition of drawn) {
      for (const target of transition.targets) {
        if (byId.get(transition.source)?.parent !== parent.id || byId.get(target)?.parent !== parent.id) continue;
        lines.push(`${indent}${name(transition.source)} --> ${name(target)} : ${label(transitionLabel(transition))}`);
      }
    }
  };

  const declare = (state: GraphState, indent: string) => {
    const own = name(state.id);
    const described = stateTitle(state) !== own;
    if (described) lines.push(`${indent}state "${label(stateTitle(state))}" as ${own}`);
    if (state.path) lines.push(`${indent}${own} : ${label(routeLine(state.path))}`);
    const rows = drawn.filter((t) => t.source === state.id && t.targets.length === 0);
    for (const row of rows) lines.push(`${indent}${own} : ${label(transitionLabel(row))}`);
    if (state.children.length === 0) {
      if (!described && !state.path && rows.length === 0) lines.push(indent + own);
      return;
    }
    lines.push(`${indent}state ${own} {`);
    const inner = `${indent}  `;
    for (const target of state.initial) lines.push(`${inner}[*] --> ${name(target)}`);
    state.children.forEach((child, index) => {
      if (state.kind === 'parallel' && index > 0) lines.push(`${inner}--`);
      declare(byId.get(child) as GraphState, inner);
    });
    edgesInside(state, inner);
    lines.push(`${indent}}`);
  };

  const root = byId.get(graph.root) as GraphState;
  lines.push(`[*] --> ${name(root.id)}`);
  declare(root, '');
  for (const transition of drawn) {
    for (const target of transition.targets) {
      const source = byId.get(transition.source);
      if (source && source.parent !== null && source.parent === byId.get(target)?.parent) continue;
      topLevel.push(`${name(transition.source)} --> ${name(target)} : ${label(transitionLabel(transition))}`);
    }
  }
  lines.push(...topLevel);
  return `${lines.join('\n')}\n`;
}

/** Mermaid ids: letters, digits and `_`; the shortest readable unique one per state. */
function mermaidNames(states: GraphState[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const state of states) {
    const base = state.id.replace(/[^A-Za-z0-9_]/g, '_');
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}_${n}`;
    used.add(candidate);
    names.set(state.id, candidate);
  }
  return names;
}
