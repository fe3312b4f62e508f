import { formDraft, limits, storage, isDirty, type FormState, sharedDraft } from '@statechart/forms';
import { recordDraftSchema, type RecordField } from './recordForm';

/**
 * The "new record" draft, one for every tab (docs/persistence.md, "Drafts across tabs"): in
 * localStorage, so it survives a reload and a closed tab, with what this tab took and typed in
 * sessionStorage. Not an XState persisted snapshot: that would also restore the screen (the URL's
 * job), restart a submit that was in flight, and carries the known restore bugs (timers, spawned
 * actors); the draft is only the values typed and its submit key (so a save that a reload
 * interrupted is sent again with the same key: saved once), handed back to the machine as `input`.
 */
export const recordDraft = sharedDraft({
  key: `${storage.draftKeyPrefix}newRecord`,
  version: storage.draftVersion,
  schema: recordDraftSchema,
  storage: () => localStorage,
  tabStorage: () => sessionStorage,
  maxBytes: limits.maxDraftBytes,
});

/** Writes the values (with the draft's key) while they differ from the saved ones, and ends the draft otherwise. */
export function keepDraft(record: FormState<RecordField>): void {
  if (isDirty(record)) recordDraft.save(formDraft(record));
  else recordDraft.end('discarded');
}

/**
 * After the form followed another tab's change, or the person answered its question: this tab's
 * values are the draft from here on (taken, then written if they differ). Nothing while the form
 * still asks: the other tab's draft stays as it is until the person chooses.
 */
export function settleDraft(record: FormState<RecordField>): void {
  if (record.asked) return;
  recordDraft.accept();
  keepDraft(record);
}
