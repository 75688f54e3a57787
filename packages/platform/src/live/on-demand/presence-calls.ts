import {
  BACKGROUND_HEADER,
  calls,
  PRESENCE_BEAT_MS,
  type PresenceActivity,
  type PresenceEntry,
} from '@manager/contract';
import { http } from '../../http/client.ts';
import { fetchData } from '../../http/fetch-data.ts';
import { apiUrl, fetchHeaders } from '../../http/fetch-headers.ts';
import type { PresenceEntity } from '../presence.ts';

/**
 * What presence sends and reads (`../presence.ts` holds the hooks): loaded when a page first
 * claims or shows presence, not with the first screen.
 */

/** This tab: an admin in two tabs is two presences, shown once (the API merges them). */
const TAB =
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `tab-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

const STRENGTH: Record<PresenceActivity, number> = { viewing: 0, editing: 1, deciding: 2 };
const background = { headers: { [BACKGROUND_HEADER]: '1' } };

interface Place {
  entity: PresenceEntity;
  entityId: string;
  /** What each part of the page does there (the page views, its form edits). */
  claims: Map<symbol, PresenceActivity>;
  /** What the API was last told; null: not there. */
  sent: PresenceActivity | null;
  beat: ReturnType<typeof setInterval> | undefined;
}

const places = new Map<string, Place>();
// One request at a time, in order: a leave never overtakes the arrival it follows.
let queue: Promise<unknown> = Promise.resolve();
const inOrder = (send: () => Promise<unknown>) => {
  queue = queue.then(send).catch(() => undefined);
};

const strongest = (place: Place): PresenceActivity | null => {
  let best: PresenceActivity | null = null;
  for (const a of place.claims.values()) if (best === null || STRENGTH[a] > STRENGTH[best]) best = a;
  return best;
};

const announce = (place: Place, activity: PresenceActivity) =>
  inOrder(() =>
    http.put(
      calls.announcePresence.path,
      { entity: place.entity, entityId: place.entityId, activity, tab: TAB },
      background,
    ),
  );

/** Tells the API what this tab does on the record now, when it changed, and keeps renewing it. */
function sync(key: string, place: Place): void {
  const activity = strongest(place);
  if (activity === null) {
    clearInterval(place.beat);
    places.delete(key);
    const body = { entity: place.entity, entityId: place.entityId, tab: TAB };
    inOrder(() => http.post(calls.leavePresence.path, body, background));
    return;
  }
  if (activity !== place.sent) {
    place.sent = activity;
    announce(place, activity);
  }
  place.beat ??= setInterval(() => place.sent && announce(place, place.sent), PRESENCE_BEAT_MS);
}

/** Claims `activity` on a record for this tab until the returned release is called. */
export function claimPresence(
  entity: PresenceEntity,
  entityId: string,
  activity: PresenceActivity,
): () => void {
  const key = `${entity}:${entityId}`;
  const place = places.get(key) ?? { entity, entityId, claims: new Map(), sent: null, beat: undefined };
  places.set(key, place);
  const claim = Symbol(activity);
  place.claims.set(claim, activity);
  sync(key, place);
  return () => {
    place.claims.delete(claim);
    sync(key, place);
  };
}

/** Who is on a record (or any of a kind); nobody when the read fails. */
export const fetchPresent = (entity: PresenceEntity, entityId?: string | number): Promise<PresenceEntry[]> =>
  fetchData(calls.presence, {
    params: { entity, ...(entityId === undefined ? {} : { entityId: String(entityId) }) },
    fallback: [] as PresenceEntry[],
    background: true,
  });

// A closed tab leaves at once, where the browser lets a request outlive the page; else it lapses.
if (typeof window !== 'undefined')
  window.addEventListener('pagehide', () => {
    for (const place of places.values()) {
      const headers = fetchHeaders('application/json');
      headers.set('Content-Type', 'application/json');
      headers.set(BACKGROUND_HEADER, '1');
      void fetch(apiUrl(calls.leavePresence.path), {
        method: 'POST',
        keepalive: true,
        headers,
        body: JSON.stringify({ entity: place.entity, entityId: place.entityId, tab: TAB }),
      }).catch(() => undefined);
    }
  });
