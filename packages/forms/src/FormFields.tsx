import type { ReactNode } from 'react';
import { interpolate } from '@statechart/core';
import { limits } from './constants';
import { Field, type ControlProps } from './Field';
import { formStrings } from './formStrings';
import type { FormState } from './forms';

/**
 * A form's fields, each a `Field` with its label, hint and error, and the text input or the
 * control the form gives it. A value longer than a field takes (a paste, a script) is cut to its
 * start, and the field says so (`cut`, kept by the form screen), instead of being refused whole.
 */
export function FormFields<F extends string>({
  fields,
  form,
  labels,
  hints,
  control,
  controlId,
  disabled,
  cut,
  setCut,
  change: send,
}: {
  fields: readonly F[];
  form: FormState<F>;
  labels: Record<F, string>;
  hints: Partial<Record<F, string>> | undefined;
  control: ((field: F, props: ControlProps, value: string, change: (value: string) => void) => ReactNode) | undefined;
  controlId: (field: F) => string;
  disabled: boolean;
  /** Fields whose last input was longer than a field takes: cut, and said so. */
  cut: Partial<Record<F, true>>;
  setCut: (cut: Partial<Record<F, true>>) => void;
  change: (field: F, value: string) => void;
}) {
  return (
    <fieldset className="form__fields" disabled={disabled}>
      {fields.map((field) => (
        <Field
          key={field}
          id={controlId(field)}
          label={labels[field]}
          hint={hints?.[field]}
          error={form.errors[field]}
          note={
            cut[field] ? interpolate(formStrings.cut, { max: limits.maxFieldLength.toLocaleString('en') }) : undefined
          }
        >
          {(props) => {
            const change = (value: string) => {
              const kept = fitted(value, limits.maxFieldLength);
              // A longer value would be refused whole by the machine (changeSchema): its start is kept instead.
              if ((kept !== value) !== (cut[field] === true)) setCut({ ...cut, [field]: kept !== value || undefined });
              send(field, kept);
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
  );
}

/** The first `max` UTF-16 units of `value`, without splitting a character in two (a surrogate pair). */
function fitted(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end);
}
