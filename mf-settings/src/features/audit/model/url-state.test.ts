import { describe, expect, it } from 'vitest';
import {
  filterParams,
  nextPage,
  pageNumber,
  pageParams,
  previousPage,
  rangeIsValid,
  readAuditView,
  withFilters,
  writeAuditView,
  type AuditView,
} from './url-state';

const read = (query: string) => readAuditView(new URLSearchParams(query));

describe('audit view in the address', () => {
  it('reads every filter and the page, and writes them back the same', () => {
    const query =
      'admin=2&action=user.balances.update&entity=user&entityId=5000000123&from=2026-03-01T00%3A00%3A00.000Z&to=2026-03-05T23%3A59%3A59.999Z&cursor=c3&back=c2';
    const view = read(query);
    expect(view).toEqual({
      admin: 2,
      action: 'user.balances.update',
      entity: 'user',
      entityId: '5000000123',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-05T23:59:59.999Z',
      cursor: 'c3',
      back: ['c2'],
    });
    expect(writeAuditView(view).toString()).toBe(query);
  });

  it('leaves out what a hand-edited link gets wrong', () => {
    expect(read('admin=abc&entity=planet&from=yesterday&action=%20%20&back=c1')).toEqual({
      admin: undefined,
      action: undefined,
      entity: undefined,
      entityId: undefined,
      from: undefined,
      to: undefined,
      cursor: undefined,
      back: [],
    });
    expect(read('admin=0').admin).toBeUndefined();
    expect(read(`entityId=${'9'.repeat(201)}`).entityId).toBeUndefined();
  });

  it('writes nothing for the unfiltered first page', () => {
    expect(writeAuditView(read('')).toString()).toBe('');
  });
});

describe('paging', () => {
  const first: AuditView = { action: 'withdrawal.reject', back: [] };

  it('goes forward by nextCursor and back by the cursors it kept', () => {
    const second = nextPage(first, 'c2');
    const third = nextPage(second, 'c3');
    expect([pageNumber(first), pageNumber(second), pageNumber(third)]).toEqual([1, 2, 3]);
    expect(third).toEqual({ action: 'withdrawal.reject', cursor: 'c3', back: ['c2'] });
    expect(previousPage(third)).toEqual(second);
    expect(previousPage(second)).toEqual({ action: 'withdrawal.reject', cursor: undefined, back: [] });
    expect(pageParams(third)).toMatchObject({ action: 'withdrawal.reject', cursor: 'c3' });
  });

  it('goes back to the first page when a filter changes', () => {
    const third = nextPage(nextPage(first, 'c2'), 'c3');
    const changed = withFilters(third, { admin: 4 });
    expect(changed).toEqual({
      action: 'withdrawal.reject',
      admin: 4,
      entity: undefined,
      entityId: undefined,
      from: undefined,
      to: undefined,
      back: [],
    });
    expect(writeAuditView(changed).toString()).toBe('admin=4&action=withdrawal.reject');
  });
});

describe('date range', () => {
  it('refuses a start after the end', () => {
    expect(rangeIsValid({ from: '2026-03-02T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' })).toBe(false);
    expect(rangeIsValid({ from: '2026-03-01T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z' })).toBe(true);
    expect(rangeIsValid({ from: '2026-03-01T00:00:00.000Z' })).toBe(true);
  });

  it('asks the server without sign-ins unless they are shown or the Action filter names one', () => {
    expect(filterParams({}).signIns).toBe(false);
    expect(filterParams({ admin: 2 }).signIns).toBe(false);
    expect(filterParams({ signIns: true }).signIns).toBeUndefined();
    expect(filterParams({ action: 'auth.login.success' }).signIns).toBeUndefined();
    expect(readAuditView(new URLSearchParams('signIns=1')).signIns).toBe(true);
    expect(readAuditView(new URLSearchParams('signIns=yes')).signIns).toBeUndefined();
    expect(writeAuditView({ signIns: true, back: [] }).toString()).toBe('signIns=1');
  });
});
