import { and, eq, isNull, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, type InboxKind, type Permission } from '@manager/contract';
import type { DbOrTx } from './client';
import { executeRows } from './client';
import { inboxItems } from './schema/live';

/** Who an item is for: the active admins holding a permission (but one), or named admins. */
export type InboxRecipients =
  | { permission: Permission; except?: readonly (number | null)[] }
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

function recipientsSql(to: InboxRecipients) {
  if ('everyone' in to) return sql`select id from admins where status = 'active'`;
  if ('usernames' in to)
    return sql`select id from admins where status = 'active' and username in (${sql.join(
      to.usernames.map((u) => sql`${u}`),
      sql`, `,
    )})`;
  const builtIn = builtInHolding(to.permission);
  const except = (to.except ?? []).filter((id): id is number => id !== null);
  return sql`select distinct a.id from admins a
    join admin_role_members m on m.admin_id = a.id
    join admin_roles r on r.id = m.role_id
    where a.status = 'active'
      ${
        except.length
          ? sql`and a.id not in (${sql.join(
              except.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
      and (r.id in (${sql.join(
        (builtIn.length ? builtIn : ['']).map((id) => sql`${id}`),
        sql`, `,
      )}) or ${to.permission} = any(r.permissions))`;
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
