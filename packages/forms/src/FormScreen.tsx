import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { catalogueEntry, describeError, genericEntry, useWaitLeft, type CallError } from '@statechart/calls';
import { interpolate, plural } from '@statechart/core';
import { limits } from './constants';
import { focusRegion, useFocusOnArrival, useOwnRefusalNotice, useRefusal } from '@statechart/react';
import { ElsewhereNotice } from './ElsewhereNotice';
import { ErrorSummary } from './ErrorSummary';
import { RefusedNotice, SavingNotice, useLeavingRefused } from './RefusedNotice';
import { Field, type ControlProps } from './Field';
import { formStrings } from './formStrings';
import { isDirty, type FormState } from './forms';

/** Where the form is: its machine's states (docs/forms.md), as the view reads them. */
export type FormPhase = 'editing' | 'submitting' | 'saved' | 'failed';

/** The words of one form: its fields' labels, its buttons and its notices. */
export interface FormWords<F extends string> {
  fields: Record<F, string>;
  submit: string;
  discard: string;
  saved: string;
  another: string;
  failed: string;
  retry: string;
  edit: string;
  /** After "saved already": save the edits as a new one (formStrings.saveAsNew when left out). */
  saveAsNew?: string;
  /** After "saved already": save the edits as a change to what was saved (formStrings.saveAsChange when left out). */
  saveAsChange?: string;
}

/** What the form sends: one callback per event of the form's machine. */
export interface FormEvents<F extends string> {
  change(field: F, value: string): void;
  submit(): void;
  retry(): void;
  edit(): void;
  discard(): void;
  /** From the saved notice: a new, empty form. */
  another(): void;
  /**
   * From the "saved already" notice (`savedBefore`: the draft's key saved what it first sent, not
   * these edits): submit the edits as a new one, with a new key (`submitted` makes it). Left out,
   * the notice offers only "Back to the form", whose next save does the same.
   */
  saveAsNew?(): void;
  /** From the "saved already" notice, for an app with an update call: save the edits as a change to what was saved. */
  saveAsChange?(): void;
  /**
   * The answers to `form.asked` (another tab changed the shared draft over this tab's input:
   * docs/persistence.md): keep this tab's version, or take the other's. A form without a shared
   * draft leaves them out, and the question is never shown.
   */
  keepOwn?(): void;
  takeOther?(): void;
}

export interface FormScreenProps<F extends string> {
  /** The screen's heading: a `<ScreenHeading>` (the title's level, which takes the focus on arrival). */
  heading: ReactNode;
  /** The form in the machine's context. */
  form: FormState<F>;
  /** The fields, in the order shown; the first is where editing starts again after a failure. */
  fields: readonly F[];
  phase: FormPhase;
  words: FormWords<F>;
  on: FormEvents<F>;
  /** Each control's id is `${idPrefix}-${field}`: the error summary links to it. */
  idPrefix: string;
  /** A hint under a field's label. */
  hints?: Partial<Record<F, string>>;
  /**
   * A field's control when a text input is not it (a select, a number): given the ARIA and id
   * props `Field` ties to the label, hint and error, the value and the change to send. Undefined
   * for a field keeps the text input.
   */
  control?: (field: F, props: ControlProps, value: string, change: (value: string) => void) => ReactNode;
  /**
   * What the saved notice offers besides a new form: a `<Link>` to what was saved, made from the
   * id the save answered with (kept in context by the submit's onDone), so it can be opened. The
   * "saved already" notice shows it too: the id of what the key saved (`CallError.saved`).
   */
  savedLink?: ReactNode;
}

/**
 * A form screen as docs/forms.md describes it, for a form kept in the machine's context: a field
 * per entry of `fields`, the error summary (focused on a refused submit), submit and discard, the
 * unsaved note; while saving the focus stays in the form (its controls disabled), then moves to the
 * saved notice, or to the failed notice if it was in the form. The machine decides everything:
 * this only shows `form` and `phase` and sends `on`'s events.
 */
export function FormScreen<F extends string>(props: FormScreenProps<F>) {
  const { heading, form, fields, phase, words, on, idPrefix, hints, control, savedLink } = props;
  const ref = useRef<HTMLFormElement>(null);
  // The other tab's question, while it waits for the person to leave the field they type in.
  const askElsewhere = useRef<(() => void) | undefined>(undefined);
  const refused = useLeavingRefused();
  // This form answers refusals itself (below): the shell's notice stays away.
  useOwnRefusalNotice();
  const refusal = useRefusal();
  // The notice answers the latest refusal until the person chooses (Stay) or the form is clean.
  const [answered, setAnswered] = useState(0);
  // Fields whose last input was longer than a field takes (a paste, a script): cut, and said so.
  const [cut, setCut] = useState<Partial<Record<F, true>>>({});
  const dirty = isDirty(form);
  const controlId = (field: F) => `${idPrefix}-${field}`;
  const first = fields[0];
  const busy = phase === 'submitting';
  const failed = phase === 'failed';
  // A save that starts answers the refusals before it (the person chose to save), and one that ends
  // those made while it ran (the saving notice said why): React's "state from the previous render"
  // pattern, not an effect, so no extra commit shows the old notice.
  const [wasBusy, setWasBusy] = useState(busy);
  if (wasBusy !== busy) {
    setWasBusy(busy);
    setAnswered(refused);
  }
  if (phase === 'saved') {
    return (
      <article className="screen">
        {heading}
        <SavedNotice text={words.saved}>{savedLink}</SavedNotice>
        <button type="button" className="button" onClick={on.another}>
          {words.another}
        </button>
      </article>
    );
  }
  const focusFirst = () => {
    if (first !== undefined) focusRegion(document.getElementById(controlId(first)));
  };
  const { keepOwn, takeOther } = on;
  const errors = fields.flatMap((field) => {
    const message = form.errors[field];
    return message === undefined ? [] : [{ id: controlId(field), message }];
  });
  return (
    <article className="screen">
      {heading}
      {refused > answered && busy ? (
        // Leaving while the save is in flight: it is being saved, not "not saved"; it is never aborted.
        <SavingNotice key={refused} refusal={refused} />
      ) : dirty && refused > answered ? (
        <RefusedNotice
          // A new alert per refusal: the same words twice are still announced.
          key={refused}
          refusal={refused}
          save={() => {
            setAnswered(refused);
            focusRegion(ref.current);
            on.submit();
          }}
          discard={() => {
            setAnswered(refused);
            on.discard();
            // The changes are gone, so is the reason: the move that was asked is made.
            refusal?.goOn();
          }}
          stay={() => {
            setAnswered(refused);
            focusFirst();
          }}
        />
      ) : null}
      {form.asked && phase === 'editing' && keepOwn && takeOther ? (
        <ElsewhereNotice
          // A new notice for each new question: it is announced and asked again.
          key={form.asks}
          kind={form.asked.kind}
          form={ref}
          waiting={(ask) => {
            askElsewhere.current = ask;
          }}
          // The field first, then the answer: the focus is never left on a notice that goes.
          keep={() => {
            focusFirst();
            keepOwn();
          }}
          take={() => {
            focusFirst();
            takeOther();
          }}
        />
      ) : null}
      <div role="status">
        {form.followed && phase === 'editing' ? (
          <p className="form__note">{formStrings.elsewhereFollowed[form.followed]}</p>
        ) : null}
      </div>
      <ErrorSummary title={plural(formStrings.summary, errors.length)} entries={errors} refusals={form.refusals} />
      {failed ? (
        <FailedNotice
          form={ref}
          words={words}
          error={form.callError}
          savedLink={savedLink}
          retry={() => {
            focusRegion(ref.current);
            on.retry();
          }}
          saveAsNew={
            on.saveAsNew &&
            (() => {
              focusRegion(ref.current);
              on.saveAsNew?.();
            })
          }
          saveAsChange={
            on.saveAsChange &&
            (() => {
              focusRegion(ref.current);
              on.saveAsChange?.();
            })
          }
          edit={() => {
            on.edit();
            // The fields are enabled again in this commit; the first one is where editing starts.
            queueMicrotask(focusFirst);
          }}
        />
      ) : null}
      <form
        ref={ref}
        className="form"
        noValidate
        aria-busy={busy}
        tabIndex={-1}
        onSubmit={(event) => {
          event.preventDefault();
          // A question not asked yet (the person was typing) is asked first: the submit waits for the answer.
          if (askElsewhere.current) return askElsewhere.current();
          focusRegion(ref.current);
          on.submit();
        }}
      >
        <fieldset className="form__fields" disabled={busy || failed}>
          {fields.map((field) => (
            <Field
              key={field}
              id={controlId(field)}
              label={words.fields[field]}
              hint={hints?.[field]}
              error={form.errors[field]}
              note={
                cut[field]
                  ? interpolate(formStrings.cut, { max: limits.maxFieldLength.toLocaleString('en') })
                  : undefined
              }
            >
              {(props) => {
                const change = (value: string) => {
                  const kept = fitted(value, limits.maxFieldLength);
                  // A longer value would be refused whole by the machine (changeSchema): its start is kept instead.
                  if ((kept !== value) !== (cut[field] === true))
                    setCut({ ...cut, [field]: kept !== value || undefined });
                  on.change(field, kept);
                };
                return (
                  control?.(field, props, form.values[field], change) ?? (
                    <input
                      {...props}
                      className="input"
                      type="text"
                      autoComplete="off"
                      value={form.values[field]}
                      onChange={(event) => change(event.target.value)}
                    />
                  )
                );
              }}
            </Field>
          ))}
        </fieldset>
        <div className="actions">
          <button type="submit" className="button" disabled={busy || failed}>
            {words.submit}
          </button>
          {dirty ? (
            // Only with something to discard: on an untouched form it would do nothing and say nothing.
            <button type="button" className="button button--secondary" disabled={busy} onClick={on.discard}>
              {words.discard}
            </button>
          ) : null}
          {busy ? (
            <p className="pending pending--inline" role="status">
              {formStrings.saving}
            </p>
          ) : null}
        </div>
        {dirty ? <p className="form__note">{formStrings.unsaved}</p> : null}
      </form>
    </article>
  );
}

/** The first `max` UTF-16 units of `value`, without splitting a character in two (a surrogate pair). */
function fitted(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end);
}

/** Reached only by a submit: takes the focus (the form it came from is gone). */
function SavedNotice({ text, children }: { text: string; children?: ReactNode }) {
  const ref = useFocusOnArrival<HTMLDivElement>(() => true);
  return (
    <div ref={ref} className="notice notice--success" role="status" tabIndex={-1}>
      <h2>{text}</h2>
      {children ? <p>{children}</p> : null}
    </div>
  );
}

/**
 * A failed save: takes the focus if it was in the form (the submit or Retry that led here). It says
 * what the call's error says (the catalogue's message, and how long to wait when the server said,
 * with Try again disabled until then); a save whose answer never came is not called "not saved": it
 * may have been, and Try again sends the same Idempotency-Key, so the server answers it without
 * saving twice. A draft saved before with other values (savedBefore) offers no Try again (its key
 * would be refused again): the link to what was saved, the edits kept, and saving them as new or
 * as a change.
 */
function FailedNotice({
  form,
  words,
  error,
  savedLink,
  retry,
  saveAsNew,
  saveAsChange,
  edit,
}: {
  form: RefObject<HTMLFormElement | null>;
  words: Pick<FormWords<string>, 'failed' | 'retry' | 'edit' | 'saveAsNew' | 'saveAsChange'>;
  error: CallError | undefined;
  savedLink: ReactNode;
  retry: () => void;
  saveAsNew: (() => void) | undefined;
  saveAsChange: (() => void) | undefined;
  edit: () => void;
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
