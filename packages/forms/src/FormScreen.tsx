import { useRef, useState, type ReactNode } from 'react';
import { plural } from '@statechart/core';
import { focusRegion } from '@statechart/react';
import { ElsewhereNotice } from './ElsewhereNotice';
import { ErrorSummary } from './ErrorSummary';
import { FailedNotice } from './FailedNotice';
import type { ControlProps } from './Field';
import { FormFields } from './FormFields';
import { formStrings } from './formStrings';
import { isDirty, type FormState } from './forms';
import { LeavingNotice, useRefusalAnswers } from './RefusedNotice';
import { SavedNotice } from './SavedNotice';

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
  const busy = phase === 'submitting';
  const failed = phase === 'failed';
  // This form answers refusals itself (below): the shell's notice stays away.
  const answers = useRefusalAnswers(busy);
  // Fields whose last input was longer than a field takes (a paste, a script): cut, and said so.
  const [cut, setCut] = useState<Partial<Record<F, true>>>({});
  const dirty = isDirty(form);
  const controlId = (field: F) => `${idPrefix}-${field}`;
  const first = fields[0];
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
      <LeavingNotice
        answers={answers}
        busy={busy}
        dirty={dirty}
        save={() => {
          focusRegion(ref.current);
          on.submit();
        }}
        discard={() => on.discard()}
        stay={focusFirst}
      />
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
          on={on}
          focusFirst={focusFirst}
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
        <FormFields
          fields={fields}
          form={form}
          labels={words.fields}
          hints={hints}
          control={control}
          controlId={controlId}
          disabled={busy || failed}
          cut={cut}
          setCut={setCut}
          change={(field, value) => on.change(field, value)}
        />
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
