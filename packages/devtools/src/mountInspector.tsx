import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AnyActorRef, AnyStateMachine, EventObject } from 'xstate';
import type { EventLog } from './eventLog';
import { Inspector } from './Inspector';

/** Renders the overlay in a root of its own, outside the app; returns the function closing it. */
export function mountInspector(options: {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  log: EventLog;
  onClose: () => void;
  samples?: EventObject[];
}): () => void {
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const container = document.createElement('div');
  container.dataset.inspector = '';
  document.body.append(container);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Inspector {...options} />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    container.remove();
    returnFocus?.focus();
  };
}
