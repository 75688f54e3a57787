import type { AuditEntityType, Currency } from '@manager/contract';

/** The `before` / `after` of an audit row: the changed fields only, or null. */
export type AuditFields = Record<string, unknown> | null;

/** One line of the Changes column. */
export interface AuditChange {
  field: string;
  /** `changed`: before -> after; `created`: only the new value; `removed`: only the old one. */
  kind: 'changed' | 'created' | 'removed';
  /** Display text; `-` where that side has no value. */
  before: string;
  after: string;
}

const MISSING = '-';
const MAX_TEXT = 120;
/** Money is stored with at most 9 decimals; more digits than that are binary noise. */
const MONEY_DECIMALS = 9;

/** How a currency is named after an amount (TON, Stars, RED_CHIP, PLAY). */
const CURRENCY_NAMES: Record<Currency, string> = {
  TON: 'TON',
  STAR: 'Stars',
  RED_CHIP: 'RED_CHIP',
  PLAY: 'PLAY',
};

/** Fields that are an amount of one currency, whatever the row. */
const FIELD_CURRENCY: Record<string, Currency> = {
  tonBalance: 'TON',
  starsBalance: 'STAR',
  redChipBalance: 'RED_CHIP',
  playBalance: 'PLAY',
  refTon: 'TON',
  refRedChip: 'RED_CHIP',
  ticketPriceTon: 'TON',
};

/** Fields that are an amount in the currency the same row names (`currency`). */
const AMOUNT_FIELDS = new Set(['amount', 'price', 'rewardAmount']);

const isCurrency = (v: unknown): v is Currency => typeof v === 'string' && v in CURRENCY_NAMES;

interface Decimal {
  negative: boolean;
  whole: string;
  fraction: string;
}

/**
 * A number or numeric text as exact decimal digits. Text (a numeric column) is taken digit by
 * digit; a number through its shortest text, or, past the 9 decimals money can have, rounded
 * to them (0.1 + 0.2 -> 0.3). Null when it is not a plain decimal.
 */
function decimalOf(value: number | string): Decimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
    if (/e/i.test(text) || (text.split('.')[1]?.length ?? 0) > MONEY_DECIMALS) {
      if (Math.abs(value) >= 1e21) return null;
      text = value.toFixed(MONEY_DECIMALS);
    }
  } else text = value.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const whole = match[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const zero = /^0*$/.test(whole) && fraction === '';
  return { negative: match[1] === '-' && !zero, whole, fraction };
}

/** Exact decimal digits without grouping (rates, ids, counts). */
const plainDecimal = (value: number | string): string | null => {
  const d = decimalOf(value);
  return d && `${d.negative ? '-' : ''}${d.whole}${d.fraction ? `.${d.fraction}` : ''}`;
};

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "12,500.50 TON", "1,000 Stars": exact digits, thousands grouped, TON with 2 decimals at least. */
export function formatMoney(value: number | string, currency: Currency): string | null {
  const d = decimalOf(value);
  if (!d) return null;
  const fraction = currency === 'TON' ? d.fraction.padEnd(2, '0') : d.fraction;
  return `${d.negative ? '-' : ''}${grouped(d.whole)}${fraction ? `.${fraction}` : ''} ${CURRENCY_NAMES[currency]}`;
}

const short = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}...` : text);

/** The currency an amount field is in: its own, else the row's `currency`. */
function currencyOf(field: string, row: AuditFields, other: AuditFields): Currency | undefined {
  const own = FIELD_CURRENCY[field];
  if (own) return own;
  if (!AMOUNT_FIELDS.has(field)) return undefined;
  const named = row?.currency ?? other?.currency;
  return isCurrency(named) ? named : undefined;
}

/**
 * One side of a change as text: money with its currency, other numbers as exact decimals,
 * text quoted, true/false, objects as JSON; `-` when absent or null.
 */
export function formatAuditValue(value: unknown, currency?: Currency): string {
  if (value === undefined || value === null) return MISSING;
  if (currency && (typeof value === 'number' || typeof value === 'string')) {
    const money = formatMoney(value, currency);
    if (money) return money;
  }
  if (typeof value === 'number') return plainDecimal(value) ?? String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    // Numeric columns arrive as text ("1.500000000"): show the number, not the padding.
    if (/^-?\d+\.\d+$/.test(value)) return plainDecimal(value) ?? value;
    return short(JSON.stringify(value));
  }
  return short(JSON.stringify(value) ?? String(value));
}

/** Deep equality of JSON values (the audit's before and after are JSON). */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The lines of the Changes column: each field that differs as before -> after; a creation
 * (no before) lists the new values, a deletion (no after) the old ones.
 */
export function auditChanges(before: AuditFields, after: AuditFields): AuditChange[] {
  if (!before && !after) return [];
  const kind: AuditChange['kind'] = !before ? 'created' : !after ? 'removed' : 'changed';
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before?.[field];
    const now = after?.[field];
    if (kind === 'changed' && same(old, now)) continue;
    changes.push({
      field,
      kind,
      before: formatAuditValue(old, currencyOf(field, before, after)),
      after: formatAuditValue(now, currencyOf(field, after, before)),
    });
  }
  return changes;
}

/** How each kind of audited thing is named in the log. */
export const AUDIT_ENTITY_LABELS: Record<AuditEntityType, string> = {
  admin: 'Admin',
  admin_request: 'Admin request',
  audit: 'Audit log',
  giveaway: 'Giveaway',
  list: 'List',
  loot_box: 'Loot box',
  mailing: 'Mailing',
  passkey: 'Passkey',
  payment: 'TON payment',
  role: 'Role',
  session: 'Session',
  settings: 'Settings',
  shop_item: 'Shop item',
  task: 'Task',
  tournament: 'Tournament',
  user: 'User',
  withdrawal: 'Withdrawal',
};

/** "User 5000000123", "Task #7", "Settings": an unknown type shows as sent. */
export function auditEntityText(entityType: string, entityId: string | null): string {
  const label = AUDIT_ENTITY_LABELS[entityType as AuditEntityType] ?? entityType;
  if (!entityId) return label;
  return entityType === 'user' ? `${label} ${entityId}` : `${label} #${entityId}`;
}
