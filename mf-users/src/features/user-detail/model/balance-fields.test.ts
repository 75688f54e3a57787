import { describe, expect, it } from 'vitest';
import { parseAmount, reasonError, requestOf } from './balance-fields';

describe('balance inputs', () => {
  it('turns non-numeric text into 0', () => {
    expect(parseAmount('abc', true)).toBe(0);
    expect(parseAmount('', false)).toBe(0);
  });
  it('keeps two decimals for TON and whole numbers for the rest', () => {
    expect(parseAmount('1.239', true)).toBe(1.24);
    expect(parseAmount('0,5', true)).toBe(0.5);
    expect(parseAmount('12.9', false)).toBe(12);
  });
  it('builds the PUT body from the draft, with the figures the form opened with as expected and the trimmed reason', () => {
    const seen = {
      tonBalance: 1.123456789,
      starsBalance: 1,
      redChipBalance: 2,
      playBalance: 3,
      refNormal: 4,
      refPremium: 5,
    };
    const draft = {
      tonBalance: '2.5',
      starsBalance: 'x',
      redChipBalance: '3',
      playBalance: '4',
      refNormal: '5',
      refPremium: '6',
    };
    expect(requestOf({ draft, seen, reason: '  Support ticket 12 ' })).toEqual({
      tonBalance: 2.5,
      starsBalance: 0,
      redChipBalance: 3,
      playBalance: 4,
      refNormal: 5,
      refPremium: 6,
      expected: seen,
      reason: 'Support ticket 12',
    });
  });
  it('a reason is required, not blank, and at most 500 characters', () => {
    expect(reasonError('')).toBe('Please enter a reason');
    expect(reasonError('   ')).toBe('Please enter a reason');
    expect(reasonError('x'.repeat(501))).toBe('The reason must be at most 500 characters');
    expect(reasonError('Refund of a failed game')).toBeNull();
  });
});
