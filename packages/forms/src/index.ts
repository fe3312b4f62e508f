/**
 * Forms in a machine's context, their fields and error summary, and drafts kept in Web Storage.
 */
export type { ControlProps } from './Field';
export { type FormEvents, type FormPhase, FormScreen, type FormScreenProps, type FormWords } from './FormScreen';
export { limits, storage } from './constants';
export { changedElsewhere, keepOwn, takeOther } from './elsewhere';
export { formStrings } from './formStrings';
export {
  changeSchema,
  type Elsewhere,
  emptyForm,
  fieldErrors,
  type FieldErrors,
  type FormDraft,
  formDraft,
  formDraftSchema,
  formDraftText,
  type FormSchema,
  type FormState,
  type FormValues,
  isDirty,
  serverFieldErrors,
  submission,
  submitFailed,
  submitted,
  withField,
} from './forms';
export { type DraftChange, type DraftEnd, type SharedDraft, sharedDraft, type SharedDraftOptions } from './sharedDraft';
export { type StorageProblem, type StoredRecord, storedRecord, type StoredRecordOptions } from './storedRecord';
