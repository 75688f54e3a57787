/**
 * `@manager/platform/forms`: what an edit form over a stored record uses. Not part of the shared
 * singleton (`@manager/platform`): a remote bundles these few stateless hooks with the pages that
 * use them, so the first screen does not carry them. They hold no state of the singleton's: what
 * they need of it (`useRecordChanges`, the stream's listeners) the form passes in.
 */
export { useFormUnderChange, type FormFields, type FormUnderChange } from './live/form-under-change.ts';
export { useLiveRecord, useRowsKeeping } from './list/live-record.ts';
