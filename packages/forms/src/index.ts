/**
 * Forms in a machine's context, their fields and error summary, and drafts kept in Web Storage.
 */
export { FormScreen } from './FormScreen';
export { limits, storage } from './constants';
export { changedElsewhere, keepOwn, takeOther } from './elsewhere';
export { formStrings } from './formStrings';
export {
  changeSchema,
  type Elsewhere,
  emptyForm,
  fieldErrors,
  type FormDraft,
  formDraft,
  formDraftSchema,
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
export { type DraftEnd, sharedDraft } from './sharedDraft';
export { storedRecord } from './storedRecord';
