import {
  formDraft,
  formDraftText,
  limits,
  storage,
  isDirty,
  type FormDraft,
  type FormState,
  type SharedDraft,
  type SharedDraftOptions,
  sharedDraft,
} from '@statechart/forms';
import { recordDraftSchema, type RecordField } from './recordForm';

/**
 * The "new record" draft, one for every tab (docs/persistence.md, "Drafts across tabs"): in
 * localStorage, so it survives a reload and a closed tab, with what this tab took and typed in
 * sessionStorage. Not an XState persisted snapshot: that would also restore the screen (the URL's
 * job), restart a submit that was in flight, and carries the known restore bugs (timers, spawned
 * actors); the draft is only the values typed and its submit key (so a save that a reload
 * interrupted is sent again with the same key: saved once), handed back to the machine as `input`.
 * Its text is the values: the key, and what the key sent, go with them (`text`).
 */
export const recordDraftOptions = {
  key: `${storage.draftKeyPrefix}newRecord`,
  version: storage.draftVersion,
  schema: recordDraftSchema,
  maxBytes: limits.maxDraftBytes,
  text: formDraftText,
} satisfies Omit<SharedDraftOptions<FormDraft<RecordField>>, 'storage' | 'tabStorage'>;

export const recordDraft = sharedDraft({
  ...recordDraftOptions,
  storage: () => localStorage,
  tabStorage: () => sessionStorage,
});

/** What the app does with `draft` for the machine's draft actions (a function of it, so tests run two tabs of one origin). */
export function draftKeeping(draft: SharedDraft<FormDraft<RecordField>>) {
  /** Writes the values (with the draft's key) while they differ from the saved ones, and ends the draft otherwise. */
  function keepDraft(record: FormState<RecordField>): void {
    if (isDirty(record)) draft.save(formDraft(record));
    else draft.end('discarded');
  }
  /**
   * After the form followed another tab's change, or the person answered its question: this tab's
   * values are the draft from here on (taken, then written if they differ). Nothing while the form
   * still asks: the other tab's draft stays as it is until the person chooses.
   */
  function settleDraft(record: FormState<RecordField>): void {
    if (record.asked) return;
    draft.accept();
    keepDraft(record);
  }
  return { keepDraft, settleDraft };
}

export const { keepDraft, settleDraft } = draftKeeping(recordDraft);
