import * as v from 'valibot';
import { fromPromise } from 'xstate';
import type { Submission } from '@statechart/calls';
import { formDraftSchema, limits, type FormSchema, type FormValues } from '@statechart/forms';

/**
 * The reference machine's "new record" form: placeholder fields of each kind (a required text,
 * an optional whole number with a range, a select), their words and rules. Test code: the
 * product's forms, fields and messages are not specified.
 */
export const recordFields = ['name', 'quantity', 'category'] as const;
export type RecordField = (typeof recordFields)[number];

export const recordStrings = {
  title: 'New record',
  nav: 'New record',
  fields: { name: 'Name', quantity: 'Quantity', category: 'Category' },
  hints: { quantity: 'Optional, a whole number from 1 to 99.', category: 'Optional.' },
  options: { '': 'None', first: 'First option', second: 'Second option' },
  required: 'Enter a name.',
  tooLong: 'Use at most 80 characters.',
  range: 'Enter a whole number from 1 to 99, or leave it empty.',
  choose: 'Choose a category.',
  submit: 'Save record',
  discard: 'Discard changes',
  saved: 'Record saved',
  openSaved: (id: number) => `Open record ${id}`,
  another: 'New record again',
  failed: 'The record was not saved',
  retry: 'Try again',
  edit: 'Back to the form',
  // Codes a call may answer with for one field (the error catalogue's field codes).
  serverCodes: { taken: 'This name is already used.' } as Record<string, string>,
  serverFallback: 'This value was refused.',
} as const;

export const emptyRecord: FormValues<RecordField> = { name: '', quantity: '', category: '' };

/** The longest record name: the form's rule, the server's, and the bound on a name the API answers with. */
export const RECORD_NAME_MAX_LENGTH = 80;

const quantityInRange = (raw: string) => raw === '' || (/^\d{1,2}$/.test(raw) && Number(raw) >= 1);

export const recordSchema: FormSchema<RecordField> = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(recordStrings.required),
    v.maxLength(RECORD_NAME_MAX_LENGTH, recordStrings.tooLong),
  ),
  quantity: v.pipe(v.string(), v.check(quantityInRange, recordStrings.range)),
  category: v.picklist(['', 'first', 'second'], recordStrings.choose),
});

/** What the submit sends: the values as typed (the server parses them again). */
export type RecordInput = FormValues<RecordField>;

/**
 * The default submit: a call that never answers. The app provides a real one through
 * createApp's `provide`; path tests answer it themselves (xstate.done/error.actor.submitRecord).
 */
export const unansweredSubmit = fromPromise<{ id: number } | undefined, Submission<RecordInput>>(
  () => new Promise(() => {}),
);

/** What a change to a saved record sends: the form's submission, and which record. */
export type RecordChange = Submission<RecordInput> & { id: number };

/** The default change: a call that never answers, as `unansweredSubmit`; the app provides the real one. */
export const unansweredChange = fromPromise<{ id: number } | undefined, RecordChange>(() => new Promise(() => {}));

/** A stored draft: any of the fields, each what was typed, and its key (checked again when it is read). */
const draftValue = v.pipe(v.string(), v.maxLength(limits.maxFieldLength));
export const recordDraftSchema = formDraftSchema<RecordField>(
  v.partial(v.object({ name: draftValue, quantity: draftValue, category: draftValue })),
);
