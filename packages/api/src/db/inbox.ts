import { and, eq, isNull, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, type InboxKind, type Permission } from '@manager/contract';
import type { DbOrTx } from './client';
import { executeRows } from './client';
import { inboxItems } from './schema/live';

/** Who an item is for: the active admins holding every one of some permissions (but some), or named admins. */
export type InboxRecipients =
  | { permissions: readonly [Permission, ...Permission[]]; except?: readonly (number | null)[] }
  | { usernames: readonly string[] }
  | { everyone: true };

export interface NewInboxItem {
  kind: InboxKind;
  /** What it is about, as `resolveInbox` names it when the wait ends (`withdrawal:812`). */
  subject: string;
  text: string;
  link: string | null;
  to: InboxRecipients;
}

/** The built-in roles that hold a permission (their rows in `admin_roles` only name them). */
const builtInHolding = (permission: Permission): string[] =>
  Object.entries(BUILT_IN_ROLES)
    .filter(([, role]) => (role.permissions as readonly string[]).includes(permission))
    .map(([id]) => id);

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The admin `a` holds `permission` through one of their roles, built-in or custom. */
const holding = (permission: Permission) => sql`exists (
  select 1 from admin_role_members m join admin_roles r on r.id = m.role_id
  where m.admin_id = a.id
    and (r.id in (${list(builtInHolding(permission).concat(''))}) or ${permission} = any(r.permissions)))`;

function recipientsSql(to: InboxRecipients) {
  if ('everyone' in to) return sql`select id from admins where status = 'active'`;
  if ('usernames' in to)
    return sql`select id from admins where status = 'active' and username in (${list(to.usernames)})`;
  const except = (to.except ?? []).filter((id): id is number => id !== null);
  return sql`select a.id from admins a
    where a.status = 'active'
      ${except.length ? sql`and a.id not in (${list(except)})` : sql``}
      ${sql.join(
        to.permissions.map((p) => sql`and ${holding(p)}`),
        sql` `,
      )}`;
}

/**
 * Puts an item in the inbox of each recipient (docs/decisions/0028). Pass the transaction of the
 * change that makes it wait: the item exists exactly when the change committed. An item of the
 * same kind and subject already there is made unread again, with the new text.
 */
export async function deliverInbox(tx: DbOrTx, item: NewInboxItem, now: Date): Promise<number> {
  if ('usernames' in item.to && item.to.usernames.length === 0) return 0;
  const rows = await executeRows<{ id: number }>(
    tx,
    sql`insert into ${inboxItems} (admin_id, kind, subject, text, link, at)
      select id, ${item.kind}, ${item.subject}, ${item.text}, ${item.link}, ${now.toISOString()}::timestamptz
      from (${recipientsSql(item.to)}) recipients
      on conflict (admin_id, kind, subject)
      do update set text = excluded.text, link = excluded.link, at = excluded.at, read_at = null
      returning id`,
  );
  return rows.length;
}

/** The wait is over (the approval was given, the request decided): its unread items are read. */
export async function resolveInbox(tx: DbOrTx, kind: InboxKind, subject: string, now: Date): Promise<void> {
  await tx
    .update(inboxItems)
    .set({ readAt: now })
    .where(and(eq(inboxItems.kind, kind), eq(inboxItems.subject, subject), isNull(inboxItems.readAt)));
}
