import type { ReactNode, RefObject } from 'react';
import { catalogueEntry, describeError, genericEntry, useWaitLeft, type CallError } from '@statechart/calls';
import { focusRegion, useFocusOnArrival } from '@statechart/react';
import { formStrings } from './formStrings';
import type { FormEvents, FormWords } from './FormScreen';

/**
 * A failed save: takes the focus if it was in the form (the submit or Retry that led here). It says
 * what the call's error says (the catalogue's message, and how long to wait when the server said,
 * with Try again disabled until then); a save whose answer never came is not called "not saved": it
 * may have been, and Try again sends the same Idempotency-Key, so the server answers it without
 * saving twice. A draft saved before with other values (savedBefore) offers no Try again (its key
 * would be refused again): the link to what was saved, the edits kept, and saving them as new or
 * as a change.
 */
export function FailedNotice({
  form,
  words,
  error,
  savedLink,
  on,
  focusFirst,
}: {
  form: RefObject<HTMLFormElement | null>;
  words: Pick<FormWords<string>, 'failed' | 'retry' | 'edit' | 'saveAsNew' | 'saveAsChange'>;
  error: CallError | undefined;
  savedLink: ReactNode;
  on: Pick<FormEvents<string>, 'retry' | 'edit' | 'saveAsNew' | 'saveAsChange'>;
  /** Puts the focus in the form's first field. */
  focusFirst: () => void;
}) {
  const ref = useFocusOnArrival<HTMLDivElement>(
    (focused) => focused === null || form.current?.contains(focused) === true,
  );
  const unknown = error?.code === 'unknownOutcome';
  const savedBefore = error?.code === 'savedBefore';
  const { message } = describeError(error);
  // While the server's Retry-After runs, Try again would be refused again: disabled, with the time left.
  const left = useWaitLeft(error?.retryAfterMs);
  // The generic entry's words are about loading: a save that failed for no known reason says only its heading.
  const known = error !== undefined && catalogueEntry(error) !== genericEntry;
  // Whatever sends the form again keeps the focus in the form while it is saved (its controls disabled).
  const inForm = (send: () => void) => () => {
    focusRegion(form.current);
    send();
  };
  const retry = inForm(() => on.retry());
  const saveAsNew = on.saveAsNew && inForm(() => on.saveAsNew?.());
  const saveAsChange = on.saveAsChange && inForm(() => on.saveAsChange?.());
  const edit = () => {
    on.edit();
    // The fields are enabled again in this commit; the first one is where editing starts.
    queueMicrotask(focusFirst);
  };
  return (
    <div ref={ref} className="notice notice--error" role="alert" tabIndex={-1}>
      <h2>{unknown ? formStrings.unknownOutcome : savedBefore ? formStrings.savedBefore : words.failed}</h2>
      {known ? <p>{unknown ? formStrings.unknownOutcomeHint : message}</p> : null}
      {left ? <p role="timer">{left}</p> : null}
      {savedBefore ? <p>{formStrings.savedBeforeKept}</p> : null}
      {savedBefore && savedLink ? <p>{savedLink}</p> : null}
      <div className="actions">
        {savedBefore ? null : (
          <button type="button" className="button" disabled={left !== undefined} onClick={retry}>
            {words.retry}
          </button>
        )}
        {savedBefore && saveAsChange ? (
          <button type="button" className="button" onClick={saveAsChange}>
            {words.saveAsChange ?? formStrings.saveAsChange}
          </button>
        ) : null}
        {savedBefore && saveAsNew ? (
          <button type="button" className={saveAsChange ? 'button button--secondary' : 'button'} onClick={saveAsNew}>
            {words.saveAsNew ?? formStrings.saveAsNew}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={edit}>
          {words.edit}
        </button>
      </div>
    </div>
  );
}
