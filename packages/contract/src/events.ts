import type { AuditAction, AuditEntityType } from './schemas/audit.ts';
import type { Permission } from './permissions.ts';

/**
 * The console's event stream (docs/decisions/0027): every committed change, as who did what to
 * which record, sent to every open console whose admin may read that record. An event says
 * what changed, never its values: the console refetches what it shows.
 */

/** `GET`, Server-Sent Events; `Last-Event-ID` replays what a reconnect missed. */
export const EVENTS_PATH = '/manager/events';
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const EVENTS_HEARTBEAT_MS = 15_000;
/** The SSE `event:` name of a change (heartbeats are comments, never events). */
export const CHANGE_EVENT = 'change';

/**
 * Changes with no audit row, only an event: those the platform itself writes (the simulator in
 * a demo, deposits and requests from the game), an admin arriving on or leaving a record
 * (`presence.changed`, schemas/live.ts), and an area's release going live or rolled back.
 */
export const PLATFORM_EVENT_ACTIONS = [
  'withdrawal.requested',
  'payment.received',
  'metrics.moved',
  'presence.changed',
  'release.changed',
] as const;
export type PlatformEventAction = (typeof PLATFORM_EVENT_ACTIONS)[number];

/** What the stream sends: the SSE `id` is `id`, the `data` is this as JSON. */
export interface ConsoleEvent {
  /** Increasing: the `Last-Event-ID` a reconnect sends. */
  id: string;
  /** When it committed (ISO). */
  at: string;
  entity: EventEntity;
  entityId: string | null;
  action: AuditAction | PlatformEventAction;
  /** The admin's username, the system's name for a job, or null for the platform. */
  actor: string | null;
}

/**
 * The permission that reads each kind of record: an admin is sent an event only when they hold
 * it. Null: never sent (sign-ins, sessions and passkeys are an admin's own business; reading the
 * log is not a change of it).
 */
export const EVENT_READ_PERMISSION = {
  admin: 'admins.manage',
  admin_request: 'admins.manage',
  audit: null,
  giveaway: 'giveaways.read',
  list: null,
  loot_box: 'lootboxes.read',
  mailing: 'mailing.read',
  metrics: 'dashboard.read',
  passkey: null,
  payment: 'deposits.read',
  // Every admin sees which release of each area runs (About): any admin may be told.
  release: 'dashboard.read',
  role: 'admins.manage',
  session: null,
  settings: 'settings.read',
  shop_item: 'shop.read',
  task: 'tasks.read',
  tournament: 'tournaments.read',
  user: 'users.read',
  withdrawal: 'withdrawals.read',
} as const satisfies Record<AuditEntityType | 'metrics' | 'release', Permission | null>;
export type EventEntity = keyof typeof EVENT_READ_PERMISSION;

/** Audit rows that record a read, not a change: they make no event. */
const READS: ReadonlySet<string> = new Set<AuditAction>(['pii.revealed', 'audit.export', 'list.export']);

/**
 * Whether an audit row makes no event: a read, or an admin's own sign-in security (signing in
 * and out, refusals, second factors, step-up; `auth.*`), but the creation of an admin.
 */
const isNotAChange = (action: string): boolean =>
  READS.has(action) || (action.startsWith('auth.') && action !== 'auth.admin.create');

/** The permission an event of this row needs, or null when the row makes no event. */
export function eventPermission(entity: string, action: string): Permission | null {
  if (isNotAChange(action) || !Object.hasOwn(EVENT_READ_PERMISSION, entity)) return null;
  return EVENT_READ_PERMISSION[entity as EventEntity];
}
