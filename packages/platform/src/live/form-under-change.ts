import { useCallback, useEffect, useState } from 'react';
// A type only: this file is bundled with a remote's pages (`@manager/platform/forms`), and what
// it needs of the shared singleton (the stream's listeners) the form passes in.
import type { RecordChanges } from './record-changes.ts';

/**
 * What the hook needs of a form (antd's `FormInstance` has it): which fields were typed in, their
 * values, and a setter that leaves a field untouched (antd's `setFieldValue` would mark it typed,
 * and the next change would no longer come into it).
 */
export interface FormFields<V> {
  isFieldTouched: (name: keyof V & string) => boolean;
  getFieldValue: (name: keyof V & string) => unknown;
  setFields: (fields: { name: keyof V & string; value: unknown; touched: false }[]) => void;
}

export interface FormUnderChange<V> {
  /** The record stored now differs from what the form opened with (or last reviewed), or is gone. */
  changed: boolean;
  /** Someone else deleted the record: nothing is left to save it over. */
  gone: boolean;
  /** Who changed it, when the event stream said so. */
  by: string | null;
  /** The fields Review changes found changed, until the form closes or the next review. */
  reviewed: readonly (keyof V & string)[];
  /** Brings the stored values into every field the admin has not typed in; typed ones stay. */
  review: () => void;
}

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * A form over a record someone else may change while it is open (docs/decisions/0028). The
 * form's fields are never replaced under the admin's typing: when the record as stored now
 * (`current`, in the form's own value shape, from a query the event stream refreshes) differs
 * from what the form opened with, `changed` says so and the form shows "This record changed";
 * `changes` (the singleton's `useRecordChanges` over the same record) says who made it.
 * Review changes takes the stored values into the fields not typed in, keeps the typed ones,
 * and names the fields that changed. `current` null or undefined (adding, or closed) watches
 * nothing.
 */
export function useFormUnderChange<V extends object>(
  form: FormFields<V>,
  entityId: string | number | null | undefined,
  current: V | null | undefined,
  { change, dismiss }: RecordChanges,
): FormUnderChange<V> {
  const watching = current !== null && current !== undefined && entityId !== null && entityId !== undefined;
  // What the form opened with: taken once per record, as antd reads `initialValues` once.
  const [seen, setSeen] = useState<{ id: string; values: V } | null>(null);
  const [reviewed, setReviewed] = useState<readonly (keyof V & string)[]>([]);
  const id = watching ? String(entityId) : null;
  useEffect(() => {
    setReviewed([]);
    setSeen((s) => (id === null ? null : s?.id === id ? s : { id, values: current as V }));
    // `current` is read when the record opens, not followed: that is the point.
  }, [id]);
  const basis = seen !== null && seen.id === id ? seen.values : null;
  const differing = useCallback(
    (now: V): (keyof V & string)[] =>
      basis === null
        ? []
        : (Object.keys(now) as (keyof V & string)[]).filter((key) => !same(basis[key], now[key])),
    [basis],
  );
  // The list keeps showing the last values of a deleted record (useLiveRecord): its event says so.
  const gone = watching && change !== null && change.action.endsWith('.delete');
  const changed = gone || (watching && basis !== null && differing(current).length > 0);

  const review = useCallback(() => {
    if (!watching || id === null) return;
    const now = current;
    const changedKeys = differing(now);
    // A field still holding what it opened with takes the stored value. Not only "untouched":
    // antd forgets a field was typed in when it is hidden and shown again (a task's chat id).
    const untyped = (key: keyof V & string) =>
      basis !== null && !form.isFieldTouched(key) && same(form.getFieldValue(key), basis[key]);
    form.setFields(
      changedKeys.filter(untyped).map((key) => ({ name: key, value: now[key], touched: false as const })),
    );
    setReviewed(changedKeys);
    setSeen({ id, values: now });
    dismiss();
  }, [watching, id, current, form, basis, differing, dismiss]);

  return { changed, gone, by: changed ? (change?.actor ?? null) : null, reviewed, review };
}
