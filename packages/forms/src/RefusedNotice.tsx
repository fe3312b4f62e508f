import { useEffect, useRef, useState } from 'react';
import { LEAVING_REFUSED } from '@statechart/core';
import { useOwnRefusalNotice, useRefusal, useRouter } from '@statechart/react';
import { formStrings } from './formStrings';

/** How many URL-driven moves the machine has refused since this form was shown (`LEAVING_REFUSED`). */
export function useLeavingRefused(): number {
  const { actor } = useRouter();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = actor.on(LEAVING_REFUSED, () => setCount((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [actor]);
  return count;
}

/**
 * Why a link, Back or Forward did nothing: the form's changes are not saved. An alert (announced)
 * that takes the focus at each refusal, with the three ways on: save, discard, or stay. The
 * browser's own prompt stays for reload and closing the tab.
 */
export function RefusedNotice({
  refusal,
  save,
  discard,
  stay,
}: {
  refusal: number;
  save: () => void;
  discard: () => void;
  stay: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [refusal]);
  return (
    <div ref={ref} className="notice notice--warning" role="alert" tabIndex={-1} data-refusal={refusal}>
      <h2>{formStrings.refusedHeading}</h2>
      <p>{formStrings.refusedBody}</p>
      <div className="actions">
        <button type="button" className="button" onClick={save}>
          {formStrings.refusedSave}
        </button>
        <button type="button" className="button button--secondary" onClick={discard}>
          {formStrings.refusedDiscard}
        </button>
        <button type="button" className="button button--secondary" onClick={stay}>
          {formStrings.stay}
        </button>
      </div>
    </div>
  );
}

/**
 * Why a link, Back or Forward did nothing while the form is being saved: the save is in flight
 * (leaving would abort it), so the notice says so instead of "not saved". Announced and focused
 * at each refusal; the saved or failed notice takes the focus when the answer comes.
 */
export function SavingNotice({ refusal }: { refusal: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [refusal]);
  return (
    <div ref={ref} className="notice notice--warning" role="alert" tabIndex={-1} data-refusal={refusal}>
      <h2>{formStrings.refusedWhileSaving}</h2>
      <p>{formStrings.refusedWhileSavingBody}</p>
    </div>
  );
}

/** A form's refusals to leave and its answers to them (`useRefusalAnswers`). */
export interface RefusalAnswers {
  /** How many moves were refused since the form was shown: a new notice for each. */
  refused: number;
  /** A refusal the person has not answered yet (Save, Discard, Stay), nor a save since. */
  pending: boolean;
  /** The latest refusal is answered: its notice goes. */
  answer(): void;
  /** Makes the move that was refused (after a discard: the reason is gone). */
  goOn(): void;
}

/**
 * For a form that answers refusals itself (the shell's notice stays away): the refusals, and which
 * are answered. A save that starts answers the refusals before it (the person chose to save), and
 * one that ends those made while it ran (the saving notice said why): React's "state from the
 * previous render" pattern, not an effect, so no extra commit shows the old notice.
 */
export function useRefusalAnswers(busy: boolean): RefusalAnswers {
  const refused = useLeavingRefused();
  useOwnRefusalNotice();
  const refusal = useRefusal();
  // The notice answers the latest refusal until the person chooses (Stay) or the form is clean.
  const [answered, setAnswered] = useState(0);
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    setAnswered(refused);
  }
  return {
    refused,
    pending: refused > answered,
    answer: () => setAnswered(refused),
    goOn: () => refusal?.goOn(),
  };
}

/**
 * The notice for a refusal not answered yet: while the save is in flight, that it is being saved
 * ("not saved" would be wrong; it is never aborted); with changes, save, discard (then the move
 * asked for is made) or stay.
 */
export function LeavingNotice({
  answers,
  busy,
  dirty,
  save,
  discard,
  stay,
}: {
  answers: RefusalAnswers;
  busy: boolean;
  dirty: boolean;
  save: () => void;
  discard: () => void;
  stay: () => void;
}) {
  const { refused, pending, answer, goOn } = answers;
  if (!pending) return null;
  if (busy) return <SavingNotice key={refused} refusal={refused} />;
  if (!dirty) return null;
  return (
    <RefusedNotice
      // A new alert per refusal: the same words twice are still announced.
      key={refused}
      refusal={refused}
      save={() => {
        answer();
        save();
      }}
      discard={() => {
        answer();
        discard();
        // The changes are gone, so is the reason: the move that was asked is made.
        goOn();
      }}
      stay={() => {
        answer();
        stay();
      }}
    />
  );
}
