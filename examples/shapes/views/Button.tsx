import { useSend } from '@statechart/react';
import type { ShapesEvent } from '../shapesMachine';

/** A button that sends one of the shapes machine's events. */
export function SendButton({ event, children }: { event: ShapesEvent; children: string }) {
  const send = useSend();
  return (
    <button type="button" className="button" onClick={() => send(event)}>
      {children}
    </button>
  );
}
