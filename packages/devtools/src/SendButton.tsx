import type { KeyboardEvent, ReactNode } from 'react';
import type { EventObject } from 'xstate';
import { describeEvent } from './enabled';

interface SendButtonProps {
  /** The event the part sends; without one, the part is drawn and does nothing. */
  event: EventObject | undefined;
  className: string;
  onSend: (event: EventObject) => void;
  children: ReactNode;
}

/** A part of the diagram (an arrow, a row, a route path) that sends its event when enabled. */
export function SendButton({ event, className, onSend, children }: SendButtonProps) {
  if (!event) return <g className={className}>{children}</g>;
  // What the event does may take this button away (a route's button goes once its state is
  // entered), and the focus with it, to <body>, where the app's navigation would take it to its
  // heading: the diagram's region holds it first, so it stays in the inspector (Escape works);
  // the button gets it back if it is still there.
  const send = (target: SVGGElement) => {
    target.closest<HTMLElement>('.sc-inspector-diagram')?.focus({ preventScroll: true });
    onSend(event);
    requestAnimationFrame(() => {
      if (target.isConnected && target.getAttribute('tabindex') === '0') target.focus({ preventScroll: true });
    });
  };
  const onKeyDown = (key: KeyboardEvent<SVGGElement>) => {
    if (key.key !== 'Enter' && key.key !== ' ') return;
    key.preventDefault();
    send(key.currentTarget);
  };
  return (
    <g
      className={`${className} sc-button`}
      role="button"
      tabIndex={0}
      aria-label={`Send ${describeEvent(event)}`}
      onClick={(click) => send(click.currentTarget)}
      onKeyDown={onKeyDown}
    >
      {children}
    </g>
  );
}
