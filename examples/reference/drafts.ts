import { limits, storage } from '@statechart/forms/constants';
import { isDirty, type FormState } from '@statechart/forms/forms';
import { storedRecord } from '@statechart/forms/storedRecord';
import { recordDraftSchema, type RecordField } from './recordForm';

/**
 * The "new record" draft in localStorage: it survives a reload and a closed tab. Not an XState
 * persisted snapshot: that would also restore the screen (the URL's job), restart a submit that
 * was in flight, and carries the known restore bugs (timers, spawned actors); the draft is only
 * the values typed, handed back to the machine as `input`.
 */
export const recordDraft = storedRecord({
  key: `${storage.draftKeyPrefix}newRecord`,
  version: storage.draftVersion,
  schema: recordDraftSchema,
  storage: () => localStorage,
  maxBytes: limits.maxDraftBytes,
});

/** Writes the values while they differ from the saved ones, and forgets them otherwise. */
export function keepDraft(record: FormState<RecordField>): void {
  if (isDirty(record)) recordDraft.save(record.values);
  else recordDraft.clear();
}
