import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { activeNodes } from '@statechart/core/internal';
import { Outlet, useMachineSelector, useSend, type ViewRegistry, ScreenHeading } from '@statechart/react';
import { stateNodesOf, transitionDefinitions } from './graph';
import { samplesFor, textOf, type AnyEvent, type MachineSpec } from './spec';

/**
 * Views made from a minimal machine's spec, so that its paths run in the DOM and in Chromium with
 * no view files per machine: each state with an assertion shows its heading (the screen heading
 * for a routable state), a button per clickable event its own states handle while they are
 * active, and the views below it. What a view shows is what the spec says a person sees, so
 * these apps test the generator, the router and the levels, not the views.
 */
export function specViews(spec: MachineSpec): ViewRegistry {
  const hasView = (node: AnyStateNode) => Boolean(spec.assertions[node.id]);
  const viewOf = (node: AnyStateNode): string | undefined => {
    for (let at: AnyStateNode | undefined = node; at; at = at.parent) if (hasView(at)) return at.id;
    return undefined;
  };
  const buttons = new Map<string, Array<{ source: string; event: AnyEvent; name: string }>>();
  /** Buttons of states above every view (the root's "start over"): each top-level view shows them. */
  const everywhere: Array<{ source: string; event: AnyEvent; name: string }> = [];
  for (const def of transitionDefinitions(spec.machine)) {
    const view = viewOf(def.source);
    // A wildcard (`window.*`) gets a button per sample under it, each performed by its own type.
    for (const event of samplesFor(spec, def.eventType)) {
      const action = spec.executors[event.type]?.(event);
      if (action?.do !== 'click') continue;
      const list = view ? (buttons.get(view) ?? []) : everywhere;
      if (!list.some((button) => button.name === action.name && button.source === def.source.id)) {
        list.push({ source: def.source.id, event, name: action.name });
      }
      if (view) buttons.set(view, list);
    }
  }
  const views: ViewRegistry = {};
  for (const node of stateNodesOf(spec.machine).filter(hasView)) {
    const assertion = spec.assertions[node.id];
    const routable = Boolean(node.config.route);
    const topLevel = !node.parent || viewOf(node.parent) === undefined;
    const own = [...(buttons.get(node.id) ?? []), ...(topLevel ? everywhere : [])];
    function View() {
      const heading = useMachineSelector((snapshot: AnyMachineSnapshot) =>
        assertion?.heading === undefined ? undefined : textOf(assertion.heading, snapshot),
      );
      const active = useMachineSelector((snapshot: AnyMachineSnapshot) =>
        activeNodes(spec.machine.root, snapshot.value)
          .map((at) => at.id)
          .join(' '),
      );
      const send = useSend();
      const here = [spec.machine.root.id, ...active.split(' ')];
      const shown = own
        .filter((button) => here.includes(button.source))
        .filter((button, i, list) => list.findIndex((other) => other.name === button.name) === i);
      return (
        <article className="screen">
          {heading !== undefined && (routable ? <ScreenHeading>{heading}</ScreenHeading> : <h2>{heading}</h2>)}
          {shown.map((button) => (
            <button key={button.name} type="button" className="button" onClick={() => send(button.event)}>
              {button.name}
            </button>
          ))}
          <Outlet />
        </article>
      );
    }
    const module = { View };
    const loaded = Promise.resolve(View);
    // Already loaded: never suspends (React's use() reads the marked promise).
    Object.assign(loaded, { status: 'fulfilled', value: View });
    views[node.id] = { load: () => loaded, loaded: () => module.View, retry: () => {} };
  }
  return views;
}
