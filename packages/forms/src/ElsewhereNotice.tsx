import { useEffect, useRef } from 'react';
import { focusRegion } from '@statechart/react';
import { formStrings } from './formStrings';
import type { Elsewhere } from './forms';

/**
 * The question a form asks when another tab changed the shared draft over this tab's own input
 * (docs/persistence.md, "Drafts across tabs"): an alert (announced) that takes the focus when it
 * appears, as the refused-leaving notice does, with the two ways on: keep this tab's version (first:
 * it loses nothing), or take the other tab's (for a draft saved or discarded there, discard this one).
 */
export function ElsewhereNotice({
  kind,
  keep,
  take,
}: {
  kind: Elsewhere<string>['kind'];
  keep: () => void;
  take: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A new question is a new notice (its key): it takes the focus once, when it appears.
  useEffect(() => focusRegion(ref.current), []);
  return (
    <div ref={ref} className="notice notice--warning" role="alert" tabIndex={-1}>
      <h2>{formStrings.elsewhereAsked[kind]}</h2>
      <p>{formStrings.elsewhereKept}</p>
      <div className="actions">
        <button type="button" className="button" onClick={keep}>
          {formStrings.keepOwn}
        </button>
        <button type="button" className="button button--secondary" onClick={take}>
          {kind === 'changed' ? formStrings.takeOther : formStrings.dropOwn}
        </button>
      </div>
    </div>
  );
}
