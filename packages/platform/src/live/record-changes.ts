import { useCallback, useEffect, useState } from 'react';
import { PRESENCE_EVENT_ACTION, type ConsoleEvent, type EventEntity } from '@manager/contract';
import { useAuthStore } from '../auth/store.ts';
import { onEvent } from './refresh.ts';

export interface RecordChanges {
  /** The latest change someone else committed to the record while `watching`, or null. */
  change: ConsoleEvent | null;
  /** The admin has seen it (reviewed the changes): the notice goes until the next one. */
  dismiss: () => void;
}

/**
 * Whether someone else changed a record while a form over it is open (`watching`): the form
 * says "This record changed: Review changes" instead of being reloaded under the admin's
 * typing (docs/decisions/0028). The admin's own changes, and who arrives or leaves, are not
 * changes of the record. Closing the form (`watching` false) forgets what was seen.
 */
export function useRecordChanges(
  entity: EventEntity,
  entityId: string | number | null | undefined,
  watching: boolean,
): RecordChanges {
  const me = useAuthStore((s) => s.admin?.username ?? null);
  const [change, setChange] = useState<ConsoleEvent | null>(null);
  const id = entityId === null || entityId === undefined ? null : String(entityId);
  useEffect(() => {
    setChange(null);
    if (!watching || id === null) return;
    return onEvent((event) => {
      if (event.entity !== entity || event.entityId !== id) return;
      if (event.action === PRESENCE_EVENT_ACTION || (me !== null && event.actor === me)) return;
      setChange(event);
    });
  }, [entity, id, watching, me]);
  const dismiss = useCallback(() => setChange(null), []);
  return { change, dismiss };
}
