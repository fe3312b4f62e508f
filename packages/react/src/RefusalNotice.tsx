import { useEffect, useRef } from 'react';
import { useNavigation } from './routing';
import { useRefusal } from './refusals';
import { stockRefusalWords } from './stockStrings';

/** What the shell says when a move is refused and the screen says nothing of its own. */
export interface RefusalWords {
  heading: string;
  /** Said when the machine gave no words of its own (a `leaving.refused` event's `message`). */
  body: string;
}

/**
 * The shell's answer to a refused link, Back or Forward (refusals.ts finds them): an alert
 * (announced) that takes the focus, with the machine's words or the stock ones, until the screen
 * changes. A view that answers refusals itself (FormScreen) keeps it away. A tool beside the app
 * that sent the move (`data-keeps-focus`: the inspector) keeps the focus.
 */
export function RefusalNotice({ words = stockRefusalWords }: { words?: RefusalWords | undefined }) {
  const refusal = useRefusal();
  const navigation = useNavigation();
  const ref = useRef<HTMLDivElement>(null);
  const shown = refusal && !refusal.claimed && refusal.navigation === navigation.id ? refusal : undefined;
  useEffect(() => {
    if (!shown || document.activeElement?.closest('[data-keeps-focus]')) return;
    ref.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    // A new alert per refusal: the same words twice are still announced.
    <div key={shown.id} ref={ref} className="notice notice--warning" role="alert" tabIndex={-1}>
      <h2>{words.heading}</h2>
      <p>{shown.message ?? words.body}</p>
    </div>
  );
}
