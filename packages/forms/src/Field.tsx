import { useId, type ReactNode } from 'react';

/** What every field shows: a label, an optional hint, and the error the machine holds for it. */
interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  /** Said under the control, and read with it: what happened to the input (not an error). */
  note?: string;
  /** The control, given the ids and ARIA attributes that tie it to its label, hint and error. */
  children: (control: ControlProps) => ReactNode;
  /** The id the control gets (the error summary links to it). */
  id?: string;
}

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One form field: the message is tied to its control by aria-describedby and the control is
 * marked aria-invalid, so a screen reader reads the error with the field.
 */
export function Field({ label, hint, error, note, children, id }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const noteId = `${controlId}-note`;
  const describedBy =
    [hint ? hintId : '', error ? errorId : '', note ? noteId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {/* A live region that is always there: a note that appears in it is announced. */}
      <div role="status">
        {note ? (
          <p className="field__hint" id={noteId}>
            {note}
          </p>
        ) : null}
      </div>
    </div>
  );
}
