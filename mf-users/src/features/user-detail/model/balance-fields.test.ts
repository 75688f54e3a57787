import { describe, expect, it } from 'vitest';
import { balanceChange } from './balance-change';
import { changesOf, rebase, reasonError, requestOf, summaryOf, type BalanceForm } from './balance-fields';

const TON = { label: 'TON Balance', decimals: 2, max: 99_999_999_999.99 };
const STARS = { label: 'Stars Balance', decimals: 0, max: Number.MAX_SAFE_INTEGER };

describe('balance inputs', () => {
  it('turns non-numeric text into 0', () => {
    expect(balanceChange(TON, 5, 'abc')).toMatchObject({ from: '5', to: '0', value: 0, error: null });
    expect(balanceChange(STARS, 5, '')).toMatchObject({ to: '0', value: 0 });
  });
  it('keeps two decimals for TON and whole numbers for the rest', () => {
    expect(balanceChange(TON, 0, '1.239').value).toBe(1.24);
    expect(balanceChange(TON, 0, '0,5').value).toBe(0.5);
    expect(balanceChange(STARS, 0, '12.9').value).toBe(12);
  });
  it('reads "+100" and "-50" as changes of the figure the form opened with, exactly', () => {
    expect(balanceChange(STARS, 195, '+100')).toEqual({ from: '195', to: '295', value: 295, error: null });
    expect(balanceChange(STARS, 195, '-50')).toEqual({ from: '195', to: '145', value: 145, error: null });
    // Floats would give 0.30000000000000004 and 1.1 - 1 = 0.10000000000000009.
    expect(balanceChange(TON, 0.1, '+0.2')).toMatchObject({ to: '0.3', value: 0.3 });
    expect(balanceChange(TON, 1.1, '-1')).toMatchObject({ to: '0.1', value: 0.1 });
    expect(balanceChange(TON, 99_999_999_999.98, '+0.01')).toMatchObject({
      to: '99999999999.99',
      error: null,
    });
  });
  it('refuses a result below 0 or over the limit, and a change that leaves TON with more than 2 decimals', () => {
    expect(balanceChange(STARS, 195, '-196')).toMatchObject({
      value: null,
      error: 'Stars Balance cannot go below 0 (195 -> -1)',
    });
    expect(balanceChange(TON, 99_999_999_999.99, '+0.01').error).toBe(
      'TON Balance cannot be more than 99999999999.99',
    );
    expect(balanceChange(STARS, Number.MAX_SAFE_INTEGER, '+1').error).toBe(
      'Stars Balance cannot be more than 9007199254740991',
    );
    expect(balanceChange(TON, 1.123456789, '+1').error).toBe(
      'TON Balance keeps 2 decimals: enter the new value',
    );
    expect(balanceChange(TON, 1.123456789, '2.5')).toMatchObject({ value: 2.5, error: null });
  });
  it('summarises what Save changes, one line a changed figure', () => {
    const seen = {
      tonBalance: 1.5,
      starsBalance: 195,
      redChipBalance: 2,
      playBalance: 3,
      refNormal: 4,
      refPremium: 5,
    };
    const draft = {
      tonBalance: '1.5',
      starsBalance: '+100',
      redChipBalance: '2',
      playBalance: '-3',
      refNormal: '4',
      refPremium: '5',
    };
    expect(summaryOf(changesOf({ draft, seen, reason: '' }))).toEqual([
      'Stars Balance: 195 -> 295',
      'Play Balance: 3 -> 0',
    ]);
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

  it('a figure left as it opened is sent as stored, whatever its decimals', () => {
    expect(balanceChange(TON, 7.125, '7.125')).toEqual({
      from: '7.125',
      to: '7.125',
      value: 7.125,
      error: null,
    });
    expect(balanceChange(TON, 1e-7, '0.0000001')).toMatchObject({ value: 1e-7, error: null });
    // Typed, the same figure keeps the field's decimals.
    expect(balanceChange(TON, 7.125, '7.1250')).toMatchObject({ to: '7.13', value: 7.13 });
  });

  it('moves onto the stored figures: untouched fields take them, typed ones keep what was typed', () => {
    const seen = {
      tonBalance: 1.5,
      starsBalance: 10,
      redChipBalance: 2,
      playBalance: 3,
      refNormal: 0,
      refPremium: 0,
    };
    const form: BalanceForm = {
      draft: {
        tonBalance: '1.5',
        starsBalance: '+100',
        redChipBalance: '50',
        playBalance: '3',
        refNormal: '0',
        refPremium: '0',
      },
      seen,
      reason: 'Prize',
    };
    const now = { ...seen, tonBalance: 7.25, starsBalance: 99, redChipBalance: 5 };
    const moved = rebase(form, now);
    expect(moved.draft).toEqual({ ...form.draft, tonBalance: '7.25' });
    expect(moved.seen).toEqual(now);
    expect(moved.reason).toBe('Prize');
    // "+100" now adds to what is stored: 99 -> 199; the typed 50 stays 50; TON is not undone.
    expect(summaryOf(changesOf(moved))).toEqual(['Stars Balance: 99 -> 199', 'Red Chip Balance: 5 -> 50']);
  });

  it('a reason is required, not blank, and at most 500 characters', () => {
    expect(reasonError('')).toBe('Please enter a reason');
    expect(reasonError('   ')).toBe('Please enter a reason');
    expect(reasonError('x'.repeat(501))).toBe('The reason must be at most 500 characters');
    expect(reasonError('Refund of a failed game')).toBeNull();
  });
});
