import { useEffect, useRef, useState } from 'react';
import { useNavigation, useRouter } from './routing';
import { useRefusal } from './refusals';
import { stockRefusalWords } from './stockStrings';

/** The notice's buttons where the app's words have none: here, in the notice's own chunk, not in the first load. */
const stockChoices = { discard: 'Discard changes', stay: 'Stay' } as const;

/** What the shell says when a move is refused and the screen says nothing of its own. */
export interface RefusalWords {
  heading: string;
  /** Said when the machine gave no words of its own (a `leaving.refused` event's `message`). */
  body: string;
  /** The button that sends the screen's discard event, where its machine names one, then makes the move. */
  discard?: string;
  /** The button that keeps the screen (and its work) and closes the notice. */
  stay?: string;
}

/**
 * The shell's answer to a refused link, Back or Forward (refusals.ts finds them): an alert
 * (announced) that takes the focus, with the machine's words or the stock ones, until the screen
 * changes. Where the machine names the event that discards the screen's work
 * (`refuseLeavingWhile(guard, { discard })`), it offers what a browser's "Leave page?" does: stay,
 * or discard and go on to the move that was asked for. A view that answers refusals itself (FormScreen) keeps it away. A tool beside the app
 * that sent the move (`data-keeps-focus`: the inspector) keeps the focus.
 */
export function RefusalNotice({ words = stockRefusalWords }: { words?: RefusalWords | undefined }) {
  const refusal = useRefusal();
  const navigation = useNavigation();
  const { actor } = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  const [stayed, setStayed] = useState(0);
  const shown =
    refusal && !refusal.claimed && refusal.navigation === navigation.id && refusal.id !== stayed ? refusal : undefined;
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
      {shown.discard && (
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              // The machine's own way out first: its refusal no longer holds, so the move goes.
              actor.send({ type: shown.discard });
              shown.goOn();
            }}
          >
            {words.discard ?? stockChoices.discard}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setStayed(shown.id)}>
            {words.stay ?? stockChoices.stay}
          </button>
        </div>
      )}
    </div>
  );
}
