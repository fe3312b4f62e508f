import { useEffect, useRef, useState } from 'react';
import { LEAVING_REFUSED } from '@statechart/core';
import { useRouter } from '@statechart/react';
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
