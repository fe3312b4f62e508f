import { newIdempotencyKey } from '@statechart/calls';
import { isDirty, type Elsewhere, type FormState, type FormValues } from './forms';

/**
 * A form and the shared draft's changes made in other tabs (docs/persistence.md, "Drafts across
 * tabs"; the storage side is `@statechart/forms`). A form with typed text of its own
 * that a change would replace asks, and keeps its text until the person chooses; any other form
 * follows the change, and says so. After each of these the app settles the draft (unless the form
 * still asks: `sharedDraft.accept()`, then saves the form's values as usual).
 */

/** What the form's values become if it takes `change`: the other tab's text, or, for a draft saved or discarded there, what was saved. */
function valuesOf<F extends string>(form: FormState<F>, change: Elsewhere<F>): FormValues<F> {
  return change.kind === 'changed' ? { ...form.saved, ...change.draft.values } : form.saved;
}

/** The key that goes with the values taken: the other tab's draft's, or none for a draft that ended there. */
const keyOf = <F extends string>(change: Elsewhere<F>) =>
  change.kind === 'changed' ? change.draft.submitKey : undefined;

/** What that key first sent, as the other tab's draft keeps it (`FormDraft.sent`): it goes with the key. */
const sentOf = <F extends string>(form: FormState<F>, change: Elsewhere<F>) =>
  change.kind === 'changed' && change.draft.sent !== undefined ? { ...form.saved, ...change.draft.sent } : undefined;

const same = <F extends string>(a: FormValues<F>, b: FormValues<F>) =>
  (Object.keys(a) as F[]).every((field) => a[field] === b[field]);

/**
 * The form with the draft taken from elsewhere: no question left; errors go with the values they
 * were for; the key is the other tab's (one draft, one key, so two tabs submitting it save it once),
 * with what it first sent (a refusal of it here still learns what it saved). Taken as the draft has
 * it, the form's draft is the shared one: writing it back writes nothing (no echo to the other tab).
 */
function take<F extends string>(
  form: FormState<F>,
  change: Elsewhere<F>,
  followed: FormState<F>['followed'],
): FormState<F> {
  const values = valuesOf(form, change);
  const unchanged = same(values, form.values);
  const submitKey = keyOf(change);
  return {
    ...form,
    values,
    errors: unchanged ? form.errors : {},
    submitKey,
    sent: sentOf(form, change),
    // How this tab's last submit failed is not the other key's.
    ...(submitKey !== form.submitKey && { callError: undefined }),
    asked: undefined,
    followed: unchanged ? form.followed : followed,
  };
}

/**
 * Another tab changed the shared draft; `own` (from the shared draft): this tab has typed text of
 * its own since it last took the draft. If the change would replace that text, the form asks
 * (`asked`; `asks` grows unless it asked about the same kind of change already); else it follows
 * (`followed`), which for a form with no text of its own loses nothing.
 */
export function changedElsewhere<F extends string>(
  form: FormState<F>,
  change: Elsewhere<F>,
  own: boolean,
): FormState<F> {
  const values = valuesOf(form, change);
  if (own && isDirty(form) && !same(values, form.values)) {
    const asks = form.asked?.kind === change.kind ? (form.asks ?? 0) : (form.asks ?? 0) + 1;
    return { ...form, asked: change, asks };
  }
  return take(form, change, change.kind);
}

/**
 * The person keeps this tab's text: the question goes (the app then writes the text as the shared
 * draft). Over a draft saved or discarded elsewhere, this text is a new draft: it gets a new key.
 */
export function keepOwn<F extends string>(form: FormState<F>): FormState<F> {
  return form.asked === undefined || form.asked.kind === 'changed'
    ? { ...form, asked: undefined }
    : { ...form, asked: undefined, submitKey: newIdempotencyKey(), sent: undefined, callError: undefined };
}

/** The person takes the other tab's text, or, for a draft saved or discarded there, lets this one go too. */
export function takeOther<F extends string>(form: FormState<F>): FormState<F> {
  return form.asked === undefined ? form : take(form, form.asked, undefined);
}
