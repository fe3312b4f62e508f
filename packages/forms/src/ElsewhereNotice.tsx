import { useEffect, useRef, type RefObject } from 'react';
import { focusRegion } from '@statechart/react';
import { formStrings } from './formStrings';
import type { Elsewhere } from './forms';

/** The field the focus is in, if it is a field of `form` (the person may be typing in it). */
function fieldInUse(form: HTMLFormElement | null): HTMLElement | undefined {
  const active = document.activeElement;
  return active instanceof HTMLElement && form?.contains(active) && active.matches('input, textarea, select')
    ? active
    : undefined;
}

/**
 * The question a form asks when another tab changed the shared draft over this tab's own input
 * (docs/persistence.md, "Drafts across tabs"), with the two ways on: keep this tab's version (first:
 * it loses nothing), or take the other tab's (for a draft saved or discarded there, discard this one).
 *
 * Announced politely (a status), it never takes the focus from a field being typed in (the next
 * keystrokes would go nowhere): it is asked, focused, when the person leaves that field, or when
 * they submit (the form calls what `waiting` was given instead of submitting); when the focus is
 * elsewhere, at once. A window that loses the focus (another tab) is not leaving the field.
 */
export function ElsewhereNotice({
  kind,
  keep,
  take,
  form,
  waiting,
}: {
  kind: Elsewhere<string>['kind'];
  keep: () => void;
  take: () => void;
  /** The form whose fields hold the focus while the person types. */
  form: RefObject<HTMLFormElement | null>;
  /** Told how to ask now while the question waits for the person to leave the field, and undefined once it does not. */
  waiting: (ask: (() => void) | undefined) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // A new question is a new notice (its key): it is asked once, when it appears or when the field is left.
  useEffect(() => {
    const field = fieldInUse(form.current);
    if (!field) {
      focusRegion(ref.current);
      return undefined;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    const left = () => {
      // The window lost the focus (another tab, another app): the person has not left the field.
      if (!document.hasFocus()) return;
      // Asked from here: a click on Save that left the field goes on (the person chose to save).
      field.removeEventListener('blur', left);
      waiting(undefined);
      // After the focus has landed where the person sent it (Tab, a click): then to the question.
      timers.push(setTimeout(() => focusRegion(ref.current), 0));
    };
    const now = () => {
      field.removeEventListener('blur', left);
      waiting(undefined);
      focusRegion(ref.current);
    };
    field.addEventListener('blur', left);
    waiting(now);
    return () => {
      timers.forEach(clearTimeout);
      field.removeEventListener('blur', left);
      waiting(undefined);
    };
    // Once per question (the notice's key), as it appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} className="notice notice--warning" role="status" tabIndex={-1}>
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
