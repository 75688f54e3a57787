/**
 * CSV exports of the lists (`docs/api.md#csv-exports`): each answers `text/csv`, every row of
 * the list's current search, filters and sort, streamed, with a header row. Its audit row
 * (`list.export`) names the list by these names; the console names the file after it.
 */
export const CSV_EXPORT_LISTS = {
  '/users/export': 'users',
  '/game/history/export': 'game-history',
  '/withdrawals/export': 'withdrawals',
  '/transactions/ton-payments/export': 'ton-payments',
  '/transactions/stars-payments/export': 'stars-payments',
  '/transactions/inventory/export': 'inventory',
  '/marketplace/orders/export': 'marketplace-orders',
  '/shop-orders/export': 'shop-orders',
} as const;
export type CsvExportPath = keyof typeof CSV_EXPORT_LISTS;
export type CsvExportList = (typeof CSV_EXPORT_LISTS)[CsvExportPath];

/** `users-2026-05-01.csv`: the list and the day (the reader's calendar day) the file was made. */
export function csvExportFileName(list: string, day: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${list}-${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}.csv`;
}

/** The details of an export's audit row (`after`): what was exported and whether the file was whole. */
export interface ListExportDetails {
  list: CsvExportList;
  /** The search, filters and sort as parsed (dates as ISO text); defaults left out. */
  filters: Record<string, unknown>;
  /** Data rows written to the response (the header not counted). */
  rows: number;
  /** false: the client went away, or the read failed, before the last row. */
  complete: boolean;
  /** true: wallets and transaction ids whole (the admin holds `pii.reveal`); false: masked. */
  unmasked: boolean;
}
