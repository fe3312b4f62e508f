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
   * The draft's Idempotency-Key: made at its first edit (`withField`) or submit (`submitted`), then
   * kept: across edits, Try again, a reload and a closed tab (stored with the draft: `formDraft`),
   * and across tabs (taken with another tab's draft). Every submit of one draft sends it, so the
   * draft is saved at most once whatever happens between (an unknown outcome, then an edit, a
   * revert, a reload, the other tab's submit): the server answers the same key again with its first
   * answer, or refuses it with other values. A new form (`emptyForm`) starts without one.
   */
  submitKey?: string;
  /**
   * The values the first submit with `submitKey` sent, while the server may have saved them (its
   * answer never came): a later submit with other values is refused (`savedBefore`), and the save
   * sends these again to learn what was saved (`Submission.sent`, `firstSubmission`). Dropped when
   * an answer says nothing was saved (`submitFailed`), and with the key after a `savedBefore`. Kept
   * with the draft (`formDraft`) while they are here, so they survive a reload too.
   */
  sent?: FormValues<F>;
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

/**
 * A form's draft as it is kept (Web Storage: docs/persistence.md): the values typed, the draft's
 * Idempotency-Key and, while the key's outcome is unknown, the values it first sent (`FormState.sent`:
 * after a reload, a refusal of the key still learns what it saved).
 */
export interface FormDraft<F extends string> {
  values: Partial<FormValues<F>>;
  submitKey?: string;
  sent?: Partial<FormValues<F>>;
}

/**
 * The part of a form's draft a person types: its values (`SharedDraftOptions.text`). The key and
 * what it sent go with them: a tab whose values another tab took back with only those added keeps
 * them as its own.
 */
export function formDraftText<F extends string>(draft: FormDraft<F>): Partial<FormValues<F>> {
  return draft.values;
}

/** The draft to keep for `form`. */
export function formDraft<F extends string>(form: FormState<F>): FormDraft<F> {
  const { values, submitKey, sent } = form;
  if (submitKey === undefined) return { values };
  return sent === undefined ? { values, submitKey } : { values, submitKey, sent };
}

/** An Idempotency-Key as a server takes it: 1 to 255 visible ASCII characters. */
const submitKeySchema = v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,255}$/));

/**
 * The schema of a stored draft, from the schema of its values (checked again when read, also for the
 * values the key first sent). A key that is not a valid Idempotency-Key is left out, not the whole
 * draft: the values typed are kept, and their next edit or submit makes a new key (a server refused
 * the old one, so nothing was saved with it); first values the schema refuses, or without a key, are
 * left out too (a refusal of the key then has no link, as before they were kept).
 */
export function formDraftSchema<F extends string>(
  values: v.GenericSchema<unknown, Partial<FormValues<F>>>,
): v.GenericSchema<unknown, FormDraft<F>> {
  return v.pipe(
    v.object({
      values,
      submitKey: v.fallback(v.optional(submitKeySchema), undefined),
      sent: v.fallback(v.optional(values), undefined),
    }),
    // Left out rather than present as undefined: the draft written back is what was read.
    v.transform(({ values, submitKey, sent }) =>
      submitKey === undefined ? { values } : sent === undefined ? { values, submitKey } : { values, submitKey, sent },
    ),
  );
}

/** The shared draft as another tab left it: its values and key, or how it ended there (`@statechart/forms`). */
export type Elsewhere<F extends string> = DraftChange<FormDraft<F>>;

export type FormSchema<F extends string> = v.GenericSchema<FormValues<F>, unknown>;

/** A form showing `values` as saved, or a draft kept from before (its values over them, its key, and what the key first sent). */
export function emptyForm<F extends string>(values: FormValues<F>, draft?: FormDraft<F>): FormState<F> {
  const form: FormState<F> = { values: { ...values, ...draft?.values }, saved: values, errors: {}, refusals: 0 };
  if (draft?.submitKey === undefined) return form;
  const keyed = { ...form, submitKey: draft.submitKey };
  return draft.sent === undefined ? keyed : { ...keyed, sent: { ...values, ...draft.sent } };
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
 * Sets one field; its error, if shown, is checked again so it clears as soon as it is fixed. The
 * first edit makes the draft's key (kept from then on: `submitKey`); an edit drops the note that the
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
  const changed = { ...form, submitKey: form.submitKey ?? newIdempotencyKey(), followed: undefined };
  if (form.errors[field] === undefined) return { ...changed, values };
  const errors: FieldErrors<F> = { ...form.errors };
  const error = fieldErrors(schema, values)[field];
  if (error === undefined) delete errors[field];
  else errors[field] = error;
  return { ...changed, values, errors };
}

/**
 * The form as a valid submit leaves it (the action of the transition to `submitting`): errors and
 * failure cleared, and the draft's Idempotency-Key (made now if it has none). Keep the draft (with
 * its key) in the same transition, before the request leaves: a reload during the save then sends
 * the same key again. A Try again (`failed → submitting`) runs no action and keeps it too.
 * After a `savedBefore` the key is spent (the server keeps it for what it saved): this submit is a
 * new one, with a new key, so the person's edits are saved as new rather than refused again.
 */
export function submitted<F extends string>(form: FormState<F>): FormState<F> {
  const spent = form.callError?.code === 'savedBefore';
  const submitKey = (spent ? undefined : form.submitKey) ?? newIdempotencyKey();
  return {
    ...form,
    errors: {},
    failure: undefined,
    callError: undefined,
    submitKey,
    sent: (spent ? undefined : form.sent) ?? form.values,
  };
}

const sameValues = <F extends string>(a: FormValues<F>, b: FormValues<F>) =>
  (Object.keys(a) as F[]).every((field) => a[field] === b[field]);

/**
 * What the submit call is invoked with: the values, the submit's key and, when this key was first
 * sent with other values, those (`Submission`, @statechart/calls).
 */
export function submission<F extends string>(form: FormState<F>): Submission<FormValues<F>> {
  const { values, submitKey, sent } = form;
  if (submitKey === undefined) return { values };
  return sent === undefined || sameValues(sent, values)
    ? { values, idempotencyKey: submitKey }
    : { values, idempotencyKey: submitKey, sent };
}

/**
 * The form after a submit failed without field errors: `failure` for the whole form, and the
 * call's error as plain data (`toCallError`), so the view can say "not known whether it was saved"
 * for an unknown outcome instead of "not saved". The values and the submit key stay; the values
 * sent with the key stay only while they may have been saved (an unknown outcome, a `savedBefore`).
 */
export function submitFailed<F extends string>(form: FormState<F>, error: unknown, failure: string): FormState<F> {
  const callError = toCallError(error);
  const mayBeSaved = callError.code === 'unknownOutcome' || callError.code === 'savedBefore';
  return { ...form, failure, callError, sent: mayBeSaved ? form.sent : undefined };
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
