import { describe, expect, it } from 'vitest';
import { calls, type CallSpec } from './calls.ts';
import { CSV_EXPORT_LISTS, csvExportFileName } from './schemas/exports.ts';

const exportCalls = Object.entries(calls as Record<string, CallSpec>).filter(([name]) =>
  /^export[A-Z]/.test(name),
);

describe('CSV exports', () => {
  it('names each export call GET <list path>/export, with a list name of its own', () => {
    expect(exportCalls.map(([, c]) => c.path).sort()).toEqual(Object.keys(CSV_EXPORT_LISTS).sort());
    for (const [, c] of exportCalls) expect(c.method).toBe('GET');
    expect(new Set(Object.values(CSV_EXPORT_LISTS)).size).toBe(exportCalls.length);
  });

  it("takes the list's query without page and limit: filters and sort checked as the list checks them", () => {
    for (const [name, c] of exportCalls) {
      const parsed = c.query!.parse({ page: '2', limit: '10', search: ' ann ' }) as Record<string, unknown>;
      expect(parsed, name).toEqual({ search: 'ann' });
    }
    expect(calls.exportShopOrders.query.safeParse({ currency: 'GOLD' }).success).toBe(false);
    expect(calls.exportWithdrawals.query.safeParse({ sort: '-price' }).success).toBe(true);
    expect(
      calls.exportTonPayments.query.safeParse({ startDate: '2024-05-02', endDate: '2024-05-01' }).success,
    ).toBe(false);
  });

  it('names the file after the list and the local day', () => {
    expect(csvExportFileName('users', new Date(2026, 0, 5, 23, 59))).toBe('users-2026-01-05.csv');
  });
});
