import { describe, expect, it } from 'vitest';
import { changedFields } from '../../src/db/audit';

/** What an update's audit row keeps of two versions of a row (`writeAudit` with both sides). */
describe('changedFields', () => {
  it('keeps the changed keys only, each side with its own values; money text stays text', () => {
    expect(
      changedFields(
        { id: 1, title: 'Old', price: '2.500000000', status: true },
        { id: 1, title: 'New', price: '2.500000000', status: false },
      ),
    ).toEqual({ before: { title: 'Old', status: true }, after: { title: 'New', status: false } });
    // '2.5' and '2.500000000' are different texts: no arithmetic, no rounding.
    expect(changedFields({ price: '2.500000000' }, { price: '2.5' })).toEqual({
      before: { price: '2.500000000' },
      after: { price: '2.5' },
    });
  });

  it('compares dates, lists and objects by value, whatever the key order', () => {
    const at = '2030-01-01T00:00:00.000Z';
    expect(
      changedFields(
        { when: new Date(at), rewards: [{ id: 1, chance: 0.5 }], data: { a: 1, b: 2 } },
        { when: new Date(at), rewards: [{ chance: 0.5, id: 1 }], data: { b: 2, a: 1 } },
      ),
    ).toEqual({ before: {}, after: {} });
    expect(changedFields({ when: new Date(at) }, { when: new Date('2030-01-02T00:00:00.000Z') })).toEqual({
      before: { when: at },
      after: { when: '2030-01-02T00:00:00.000Z' },
    });
  });

  it('a key only one side has stays on that side; null is a value, a missing key is not', () => {
    expect(changedFields({ status: false }, { status: true, transfer: 'ref-1' })).toEqual({
      before: { status: false },
      after: { status: true, transfer: 'ref-1' },
    });
    expect(changedFields({ link: null }, { link: 'https://t.me/x' })).toEqual({
      before: { link: null },
      after: { link: 'https://t.me/x' },
    });
    expect(changedFields({ link: undefined }, {})).toEqual({ before: {}, after: {} });
  });

  it('leaves out updatedAt: the row has its own time', () => {
    expect(
      changedFields({ updatedAt: new Date(1), title: 'A' }, { updatedAt: new Date(2), title: 'A' }),
    ).toEqual({ before: {}, after: {} });
  });
});
