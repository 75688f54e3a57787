import { AUDIT_ENTITY_TYPES, type AuditEntityType } from '@manager/contract';

/**
 * What the Audit Log shows, as its address keeps it
 * (`?admin=2&action=user.balances.update&entity=user&entityId=5000000123&from=...&to=...&signIns=1&cursor=...`),
 * so a shared link opens the same view and Back / Forward step through the views.
 */
export interface AuditView {
  /** The acting admin's id. */
  admin?: number;
  action?: string;
  entity?: AuditEntityType;
  entityId?: string;
  /** ISO instants: the same rows for whoever opens the link, in any time zone. */
  from?: string;
  to?: string;
  /** Show the rows of signing in (`?signIns=1`); hidden by default, they outnumber the changes. */
  signIns?: boolean;
  /** Where the page on screen starts (a `nextCursor`); absent on the first page. */
  cursor?: string;
  /** The cursors of the pages before this one (the first page has none), for Previous. */
  back: string[];
}

export type AuditFilters = Omit<AuditView, 'cursor' | 'back'>;

const TEXT_MAX = 200;
const KEYS = ['admin', 'action', 'entity', 'entityId', 'from', 'to', 'signIns', 'cursor'] as const;

const text = (value: string | null) => {
  const t = value?.trim() ?? '';
  return t && t.length <= TEXT_MAX ? t : undefined;
};
const instant = (value: string | null) => {
  const t = text(value);
  return t && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : undefined;
};
const positiveInt = (value: string | null) =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
const entityType = (value: string | null) => AUDIT_ENTITY_TYPES.find((t) => t === value);

/** The view an address describes; what does not parse is left out (a hand-edited link). */
export function readAuditView(params: URLSearchParams): AuditView {
  const view: AuditView = {
    admin: positiveInt(params.get('admin')),
    action: text(params.get('action')),
    entity: entityType(params.get('entity')),
    entityId: text(params.get('entityId')),
    from: instant(params.get('from')),
    to: instant(params.get('to')),
    signIns: params.get('signIns') === '1' || undefined,
    cursor: text(params.get('cursor')),
    back: params
      .getAll('back')
      .map(text)
      .filter((c): c is string => c !== undefined),
  };
  // Pages before the first make no sense: without a cursor this is the first page.
  if (!view.cursor) view.back = [];
  return view;
}

/** The address of a view: only what is set, in one order. */
export function writeAuditView(view: AuditView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = view[key];
    if (value === true) params.set(key, '1');
    else if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  }
  if (view.cursor) for (const cursor of view.back) params.append('back', cursor);
  return params;
}

/** A filter changed: back to the first page. */
export const withFilters = (view: AuditView, changes: Partial<AuditFilters>): AuditView => ({
  ...filtersOf(view),
  ...changes,
  back: [],
});

export const filtersOf = ({
  admin,
  action,
  entity,
  entityId,
  from,
  to,
  signIns,
}: AuditView): AuditFilters => ({
  admin,
  action,
  entity,
  entityId,
  from,
  to,
  signIns,
});

export const nextPage = (view: AuditView, nextCursor: string): AuditView => ({
  ...view,
  cursor: nextCursor,
  back: view.cursor ? [...view.back, view.cursor] : [],
});

export const previousPage = (view: AuditView): AuditView => ({
  ...view,
  cursor: view.back.at(-1),
  back: view.back.slice(0, -1),
});

/** Whether any filter narrows the log (Show sign-ins widens it, but is still a choice to clear). */
export const isFiltered = (f: AuditFilters) =>
  [f.admin, f.action, f.entity, f.entityId, f.from, f.to, f.signIns].some((value) => value !== undefined);

/** 1 on the first page. */
export const pageNumber = (view: AuditView) => (view.cursor ? view.back.length + 2 : 1);

/** A range whose start is after its end asks the API nothing. */
export const rangeIsValid = ({ from, to }: AuditFilters) => !from || !to || from <= to;

/** The query string of GET /audit and /audit/export (`auditQuerySchema`); unset filters are left out. */
export type AuditParams = {
  adminId?: number;
  action?: string;
  entityType?: AuditEntityType;
  entityId?: string;
  from?: string;
  to?: string;
  /** `false` leaves the rows of signing in out, on the server, so every page is full and honest. */
  signIns?: false;
  cursor?: string;
};

/** The filters as the export call takes them. */
export const filterParams = (f: AuditFilters): AuditParams => ({
  adminId: f.admin,
  action: f.action,
  entityType: f.entity,
  entityId: f.entityId,
  from: f.from,
  to: f.to,
  // Hidden unless asked for, or unless the Action filter names one of them.
  signIns: f.signIns || f.action ? undefined : false,
});

/** GET /audit's query for the page on screen. */
export const pageParams = (view: AuditView): AuditParams => ({ ...filterParams(view), cursor: view.cursor });
