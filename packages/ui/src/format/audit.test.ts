import { describe, expect, it } from 'vitest';
import { auditChanges, auditEntityText, formatAuditValue, formatMoney } from './audit.ts';

describe('formatMoney', () => {
  it('names the currency after the amount: TON, Stars, RED_CHIP, PLAY', () => {
    expect(formatMoney('12.5', 'TON')).toBe('12.50 TON');
    expect(formatMoney(1500, 'STAR')).toBe('1,500 Stars');
    expect(formatMoney(7, 'RED_CHIP')).toBe('7 RED_CHIP');
    expect(formatMoney(0, 'PLAY')).toBe('0 PLAY');
  });

  it('keeps every digit of a stored amount and groups thousands', () => {
    expect(formatMoney('99999999999.123456789', 'TON')).toBe('99,999,999,999.123456789 TON');
    expect(formatMoney('1234.500000000', 'TON')).toBe('1,234.50 TON');
    expect(formatMoney('-0.000000001', 'TON')).toBe('-0.000000001 TON');
    expect(formatMoney('-0.000', 'TON')).toBe('0.00 TON');
  });

  it('never shows binary noise', () => {
    expect(formatMoney(0.1 + 0.2, 'TON')).toBe('0.30 TON');
    expect(formatMoney(1.001 * 250, 'STAR')).toBe('250.25 Stars');
    expect(formatMoney(1e-7, 'TON')).toBe('0.0000001 TON');
  });

  it('refuses what is not a plain decimal', () => {
    expect(formatMoney('12 TON', 'TON')).toBeNull();
    expect(formatMoney(Number.NaN, 'TON')).toBeNull();
  });
});

describe('formatAuditValue', () => {
  it('writes each kind of value so it reads at a glance', () => {
    expect(formatAuditValue(null)).toBe('-');
    expect(formatAuditValue(undefined)).toBe('-');
    expect(formatAuditValue(true)).toBe('true');
    expect(formatAuditValue(5000000123)).toBe('5000000123');
    expect(formatAuditValue('1.500000000')).toBe('1.5');
    expect(formatAuditValue('Daily bonus')).toBe('"Daily bonus"');
    expect(formatAuditValue('007')).toBe('"007"');
    expect(formatAuditValue({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(formatAuditValue('x'.repeat(200))).toBe(`"${'x'.repeat(119)}...`);
  });
});

describe('auditChanges', () => {
  it('gives each changed field as before -> after, money with its currency', () => {
    const lines = auditChanges(
      { tonBalance: '10.000000000', starsBalance: 100, playBalance: 3 },
      { tonBalance: '20.5', starsBalance: 2500, playBalance: 3 },
    );
    expect(lines.map((c) => `${c.field}: ${c.before} -> ${c.after}`)).toEqual([
      'tonBalance: 10.00 TON -> 20.50 TON',
      'starsBalance: 100 Stars -> 2,500 Stars',
    ]);
    expect(auditChanges({ redChipBalance: 1 }, { redChipBalance: 2 })[0]).toMatchObject({
      before: '1 RED_CHIP',
      after: '2 RED_CHIP',
    });
  });

  it('prices an amount in the currency its row names', () => {
    expect(
      auditChanges({ rewardAmount: 1, currency: 'TON' }, { rewardAmount: 2.5, currency: 'TON' }),
    ).toEqual([{ field: 'rewardAmount', kind: 'changed', before: '1.00 TON', after: '2.50 TON' }]);
    expect(auditChanges(null, { price: 300, currency: 'STAR' })[0]?.after).toBe('300 Stars');
  });

  it('lists the new values of a creation and the old values of a deletion', () => {
    expect(auditChanges(null, { title: 'Join', rewardAmount: 5 })).toEqual([
      { field: 'title', kind: 'created', before: '-', after: '"Join"' },
      { field: 'rewardAmount', kind: 'created', before: '-', after: '5' },
    ]);
    expect(auditChanges({ title: 'Join' }, null)).toEqual([
      { field: 'title', kind: 'removed', before: '"Join"', after: '-' },
    ]);
  });

  it('shows a field present on one side only, and nothing for a row without fields', () => {
    expect(auditChanges({ a: 1 }, { a: 1, b: false })).toEqual([
      { field: 'b', kind: 'changed', before: '-', after: 'false' },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});

describe('auditEntityText', () => {
  it('names a player by telegram id and other things by type and id', () => {
    expect(auditEntityText('user', '5000000123')).toBe('User 5000000123');
    expect(auditEntityText('shop_item', '4')).toBe('Shop item #4');
    expect(auditEntityText('settings', null)).toBe('Settings');
    expect(auditEntityText('passkey', '3')).toBe('Passkey #3');
    expect(auditEntityText('new_kind', '1')).toBe('new_kind #1');
  });
});
