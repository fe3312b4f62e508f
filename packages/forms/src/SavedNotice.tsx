import type { ReactNode } from 'react';
import { useFocusOnArrival } from '@statechart/react';

/** Reached only by a submit: takes the focus (the form it came from is gone). */
export function SavedNotice({ text, children }: { text: string; children?: ReactNode }) {
  const ref = useFocusOnArrival<HTMLDivElement>(() => true);
  return (
    <div ref={ref} className="notice notice--success" role="status" tabIndex={-1}>
      <h2>{text}</h2>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
