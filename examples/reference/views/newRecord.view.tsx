import { formStrings } from '@statechart/forms/formStrings';
import { useMachineSelector, useSend } from '../routing';
import { isDirty } from '@statechart/forms/forms';
import { plural } from '@statechart/core/wording';
import { ErrorSummary } from '@statechart/forms/ErrorSummary';
import { Field } from '@statechart/forms/Field';
import { focusRegion, useFocusOnArrival } from '@statechart/react/focus';
import { ScreenHeading } from '@statechart/react/ScreenHeading';
import { useRef, type RefObject } from 'react';
import { recordFields, recordStrings, type RecordField } from '../recordForm';

const controlId = (field: RecordField) => `record-${field}`;

export function View() {
  const record = useMachineSelector((s) => s.context.record);
  const phase = useMachineSelector((s) =>
    s.matches({ app: { main: { newRecord: 'saved' } } })
      ? 'saved'
      : s.matches({ app: { main: { newRecord: 'failed' } } })
        ? 'failed'
        : s.matches({ app: { main: { newRecord: 'submitting' } } })
          ? 'submitting'
          : 'editing',
  );
  const dirty = useMachineSelector((s) => isDirty(s.context.record));
  const send = useSend();
  const change = (field: RecordField, value: string) => send({ type: 'record.change', field, value });
  const errors = recordFields.flatMap((field) => {
    const message = record.errors[field];
    return message === undefined ? [] : [{ id: controlId(field), message }];
  });
  const busy = phase === 'submitting';
  // Focus after submit: into the form while it saves (the button is disabled), then to the result.
  const form = useRef<HTMLFormElement>(null);

  if (phase === 'saved') {
    return (
      <article className="screen">
        <ScreenHeading>{recordStrings.title}</ScreenHeading>
        <SavedNotice />
        <button type="button" className="button" onClick={() => send({ type: 'record.new' })}>
          {recordStrings.another}
        </button>
      </article>
    );
  }
  return (
    <article className="screen">
      <ScreenHeading>{recordStrings.title}</ScreenHeading>
      <ErrorSummary title={plural(formStrings.summary, errors.length)} entries={errors} refusals={record.refusals} />
      {phase === 'failed' ? (
        <FailedNotice
          form={form}
          retry={() => {
            focusRegion(form.current);
            send({ type: 'record.retry' });
          }}
          edit={() => {
            send({ type: 'record.edit' });
            // The fields are enabled again in this commit; the first one is where editing starts.
            queueMicrotask(() => focusRegion(document.getElementById(controlId('name'))));
          }}
        />
      ) : null}
      <form
        ref={form}
        className="form"
        noValidate
        aria-busy={busy}
        tabIndex={-1}
        onSubmit={(event) => {
          event.preventDefault();
          focusRegion(form.current);
          send({ type: 'record.submit' });
        }}
      >
        <fieldset className="form__fields" disabled={busy || phase === 'failed'}>
          <Field id={controlId('name')} label={recordStrings.fields.name} error={record.errors.name}>
            {(control) => (
              <input
                {...control}
                className="input"
                type="text"
                autoComplete="off"
                value={record.values.name}
                onChange={(event) => change('name', event.target.value)}
              />
            )}
          </Field>
          <Field
            id={controlId('quantity')}
            label={recordStrings.fields.quantity}
            hint={recordStrings.hints.quantity}
            error={record.errors.quantity}
          >
            {(control) => (
              <input
                {...control}
                className="input input--short"
                type="text"
                inputMode="numeric"
                value={record.values.quantity}
                onChange={(event) => change('quantity', event.target.value)}
              />
            )}
          </Field>
          <Field
            id={controlId('category')}
            label={recordStrings.fields.category}
            hint={recordStrings.hints.category}
            error={record.errors.category}
          >
            {(control) => (
              <select
                {...control}
                className="select"
                value={record.values.category}
                onChange={(event) => change('category', event.target.value)}
              >
                {Object.entries(recordStrings.options).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>
        <div className="actions">
          <button type="submit" className="button" disabled={busy || phase === 'failed'}>
            {recordStrings.submit}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => send({ type: 'record.discard' })}
          >
            {recordStrings.discard}
          </button>
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

/** Reached only by a submit: takes the focus (the form it came from is gone). */
function SavedNotice() {
  const ref = useFocusOnArrival<HTMLDivElement>(() => true);
  return (
    <div ref={ref} className="notice notice--success" role="status" tabIndex={-1}>
      <h2>{recordStrings.saved}</h2>
    </div>
  );
}

/** A failed save: takes the focus if it was in the form (the submit or Retry that led here). */
function FailedNotice({
  form,
  retry,
  edit,
}: {
  form: RefObject<HTMLFormElement | null>;
  retry: () => void;
  edit: () => void;
}) {
  const ref = useFocusOnArrival<HTMLDivElement>(
    (focused) => focused === null || form.current?.contains(focused) === true,
  );
  return (
    <div ref={ref} className="notice notice--error" role="alert" tabIndex={-1}>
      <h2>{recordStrings.failed}</h2>
      <div className="actions">
        <button type="button" className="button" onClick={retry}>
          {recordStrings.retry}
        </button>
        <button type="button" className="button button--secondary" onClick={edit}>
          {recordStrings.edit}
        </button>
      </div>
    </div>
  );
}
