import { describe, expect, it } from 'vitest';
import { calls } from './calls.ts';
import { maskValue, piiRevealRequestSchema } from './schemas/pii.ts';

describe('maskValue', () => {
  it('keeps the first 4 and the last 4 characters with an ellipsis between', () => {
    expect(maskValue('UQAbcdefghijklmnopqrstuvwxyz0123456789')).toBe('UQAb…6789');
    expect(maskValue('123456789')).toBe('1234…6789');
  });

  it('never shows a value of 8 characters or fewer whole', () => {
    expect(maskValue('12345678')).toBe('…');
    expect(maskValue('ab')).toBe('…');
    expect(maskValue('')).toBe('…');
  });

  it('leaves an absent value absent', () => {
    expect(maskValue(null)).toBeNull();
    expect(maskValue(undefined)).toBeUndefined();
  });
});

describe('POST /pii/reveal', () => {
  it('needs pii.reveal and takes a known kind and a row id', () => {
    expect(calls.revealPii.permission).toBe('pii.reveal');
    expect(piiRevealRequestSchema.safeParse({ kind: 'withdrawal.wallet', id: 3 }).success).toBe(true);
    expect(piiRevealRequestSchema.safeParse({ kind: 'user.password', id: 3 }).success).toBe(false);
    expect(piiRevealRequestSchema.safeParse({ kind: 'payment.wallet', id: 0 }).success).toBe(false);
  });
});
