import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EVENT_READ_PERMISSION,
  PRESENCE_POLL_MS,
  type Permission,
  type PresenceActivity,
  type PresenceEntry,
} from '@manager/contract';
import { holds } from '../auth/access.ts';
import { useAuthStore } from '../auth/store.ts';
import { queryKeys } from '../query.ts';

/** The kinds of record presence is kept for (schemas/live.ts, PRESENCE_ENTITIES). */
export type PresenceEntity = keyof typeof EVENT_READ_PERMISSION;

// The claims and requests: a chunk of their own, loaded by the first page that uses presence.
const calls = () => import('./on-demand/presence-calls.ts');

const readPermission = (entity: PresenceEntity) => EVENT_READ_PERMISSION[entity] as Permission;

/**
 * Says, while mounted, that this admin is on a record doing `activity` (docs/decisions/0028):
 * others see "{username} is editing", "{username} is deciding", or that they are viewing it.
 * Several parts of a page may claim one record; the strongest activity is shown. Null
 * `activity` or id: nothing is claimed (the form is closed, the record not loaded).
 */
export function usePresence(
  entity: PresenceEntity,
  entityId: string | number | null | undefined,
  activity: PresenceActivity | null,
): void {
  const allowed = useAuthStore((s) => s.isAuthenticated && holds(s.permissions, readPermission(entity)));
  const id = entityId === null || entityId === undefined ? null : String(entityId);
  useEffect(() => {
    if (!allowed || id === null || activity === null) return;
    let release: (() => void) | undefined;
    let gone = false;
    void calls()
      .then(({ claimPresence }) => {
        if (!gone) release = claimPresence(entity, id, activity);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      release?.();
    };
  }, [allowed, entity, id, activity]);
}

/**
 * The other admins on a record (`entityId`), or on any record of the kind: read when the stream
 * says it changed, and every PRESENCE_POLL_MS besides, so a lapsed presence goes within 30 s.
 */
export function usePresent(entity: PresenceEntity, entityId?: string | number): PresenceEntry[] {
  const me = useAuthStore((s) => s.admin?.id);
  const allowed = useAuthStore((s) => s.isAuthenticated && holds(s.permissions, readPermission(entity)));
  const { data } = useQuery({
    queryKey: queryKeys.presence(entity, entityId),
    queryFn: async () => (await calls()).fetchPresent(entity, entityId),
    enabled: allowed,
    refetchInterval: PRESENCE_POLL_MS,
  });
  return (data ?? []).filter((entry) => entry.adminId !== me);
}
