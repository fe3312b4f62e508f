import * as v from 'valibot';
import {
  newIdempotencyKey,
  serverFieldErrorsSchema,
  toCallError,
  type CallError,
  type Submission,
} from '@statechart/calls';
import type { DraftChange } from './sharedDraft';

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
  /** That failed call's error (plain data): the view tells an unknown outcome from a failure by its code. */
  callError?: CallError;
  /**
   * The Idempotency-Key of the submit these values were sent with (`submitted`): kept while they
   * are unchanged, so a Try again, or a submit again after an unknown outcome, is the same submit
   * to the server; an edit drops it (`withField`), so the next submit is a new one.
   */
  submitKey?: string;
  /** Grows on each refused submit: the view moves focus to the error summary when it changes. */
  refusals: number;
  /**
   * A change another tab made to the shared draft while this form had typed text of its own that
   * the change would replace (docs/persistence.md, "Drafts across tabs"): the form asks whether to
   * keep this text or take the other tab's (`@statechart/forms`), and until then nothing
   * is written over the other tab's draft.
   */
  asked?: Elsewhere<F>;
  /** Grows each time the form starts asking, or asks about another kind of change: the view says it anew. */
  asks?: number;
  /** The kind of the last change from another tab this form followed (it had no text of its own): the view says so until the next edit. */
  followed?: Elsewhere<F>['kind'];
}

/** The shared draft as another tab left it: its values, or how it ended there (`@statechart/forms`). */
export type Elsewhere<F extends string> = DraftChange<Partial<FormValues<F>>>;

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

/**
 * Sets one field; its error, if shown, is checked again so it clears as soon as it is fixed. A
 * changed value drops the submit key: what is submitted next is a new submit; and the note that the
 * form followed another tab: the text is this tab's now.
 */
export function withField<F extends string>(
  form: FormState<F>,
  schema: FormSchema<F>,
  field: F,
  value: string,
): FormState<F> {
  if (form.values[field] === value) return form;
  const values = { ...form.values, [field]: value };
  const changed = { ...form, submitKey: undefined, followed: undefined };
  if (form.errors[field] === undefined) return { ...changed, values };
  const errors: FieldErrors<F> = { ...form.errors };
  const error = fieldErrors(schema, values)[field];
  if (error === undefined) delete errors[field];
  else errors[field] = error;
  return { ...changed, values, errors };
}

/**
 * The form as a valid submit leaves it (the action of the transition to `submitting`): errors and
 * failure cleared, and the submit's Idempotency-Key — the one these values were sent with before,
 * if they are unchanged since, else a new one. A Try again (`failed → submitting`) runs no action
 * and keeps it too.
 */
export function submitted<F extends string>(form: FormState<F>): FormState<F> {
  return {
    ...form,
    errors: {},
    failure: undefined,
    callError: undefined,
    submitKey: form.submitKey ?? newIdempotencyKey(),
  };
}

/** What the submit call is invoked with: the values and the submit's key (`Submission`, @statechart/calls). */
export function submission<F extends string>(form: FormState<F>): Submission<FormValues<F>> {
  return form.submitKey === undefined
    ? { values: form.values }
    : { values: form.values, idempotencyKey: form.submitKey };
}

/**
 * The form after a submit failed without field errors: `failure` for the whole form, and the
 * call's error as plain data (`toCallError`), so the view can say "not known whether it was saved"
 * for an unknown outcome instead of "not saved". The values and the submit key stay.
 */
export function submitFailed<F extends string>(form: FormState<F>, error: unknown, failure: string): FormState<F> {
  return { ...form, failure, callError: toCallError(error) };
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
