import * as v from 'valibot';
import { serverFieldErrorsSchema } from '@statechart/calls/machine';

/**
 * Forms in a machine's context. Values stay the strings a person typed (a failed submit loses
 * nothing); a valibot schema turns them into typed output only when the form is submitted, and
 * its messages become field errors. Errors from a call map onto the same fields.
 */
export type FormValues<F extends string> = Record<F, string>;
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FormState<F extends string> {
  values: FormValues<F>;
  /** The values last saved (or the empty form): dirty means values differ from these. */
  saved: FormValues<F>;
  errors: FieldErrors<F>;
  /** A message for the whole form (a call that failed without field errors). */
  failure?: string;
  /** Grows on each refused submit: the view moves focus to the error summary when it changes. */
  refusals: number;
}

export type FormSchema<F extends string> = v.GenericSchema<FormValues<F>, unknown>;

export function emptyForm<F extends string>(values: FormValues<F>, draft?: Partial<FormValues<F>>): FormState<F> {
  return { values: { ...values, ...draft }, saved: values, errors: {}, refusals: 0 };
}

export function isDirty<F extends string>(form: FormState<F>): boolean {
  return (Object.keys(form.values) as F[]).some((field) => form.values[field] !== form.saved[field]);
}

/** The first message of each field the schema refuses; empty when the values are valid. */
export function fieldErrors<F extends string>(schema: FormSchema<F>, values: FormValues<F>): FieldErrors<F> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue);
    if (key !== null && key in values && errors[key as F] === undefined) errors[key as F] = issue.message;
  }
  return errors;
}

/**
 * The edge: a `form.change` event is taken only when it names one of the form's fields and
 * carries a string no longer than `maxLength`. Anything else (a stale view, a bad payload) is
 * ignored rather than stored.
 */
export function changeSchema<F extends string>(fields: readonly F[], maxLength: number) {
  return v.object({ field: v.picklist(fields), value: v.pipe(v.string(), v.maxLength(maxLength)) });
}

/** Sets one field; its error, if shown, is checked again so it clears as soon as it is fixed. */
export function withField<F extends string>(
  form: FormState<F>,
  schema: FormSchema<F>,
  field: F,
  value: string,
): FormState<F> {
  const values = { ...form.values, [field]: value };
  if (form.errors[field] === undefined) return { ...form, values };
  const errors: FieldErrors<F> = { ...form.errors };
  const error = fieldErrors(schema, values)[field];
  if (error === undefined) delete errors[field];
  else errors[field] = error;
  return { ...form, values, errors };
}

/**
 * Field errors from a call's error (a failed call carries the 4xx body's `{ fieldErrors }`,
 * schema-checked: packages/calls/src/machine.ts), on the form's own fields: known codes get their message,
 * unknown codes `fallback`; entries for fields the form lacks are dropped. Undefined when the
 * error carries no field errors (the form shows a general failure instead).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  messages: Record<string, string>,
  fallback: string,
): FieldErrors<F> | undefined {
  const parsed = v.safeParse(serverFieldErrorsSchema, error);
  if (!parsed.success) return undefined;
  const errors: FieldErrors<F> = {};
  for (const { field, code } of parsed.output.fieldErrors) {
    // Own properties only: a code such as `__proto__` or `toString` is unknown, not Object.prototype's.
    const message = Object.hasOwn(messages, code) ? messages[code] : undefined;
    if ((fields as readonly string[]).includes(field))
      errors[field as F] ??= typeof message === 'string' ? message : fallback;
  }
  return Object.keys(errors).length ? errors : undefined;
}
