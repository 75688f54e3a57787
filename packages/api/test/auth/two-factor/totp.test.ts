import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  matchTotpStep,
  otpauthUrl,
  totpAt,
  totpStep,
} from '../../../src/auth/totp';

// RFC 6238 appendix B, SHA1 column: the key is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA1)', () => {
  it.each(RFC_VECTORS)('at %i gives %s with 8 digits and its last 6 with 6 digits', (time, code) => {
    expect(totpAt(RFC_SECRET, time, 8)).toBe(code);
    expect(totpAt(RFC_SECRET, time)).toBe(code.slice(2));
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Decode(RFC_SECRET).toString('ascii')).toBe('12345678901234567890');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts one step of drift either side, not two', () => {
    const now = 1_700_000_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now + offset * 30), now, null)).toBe(step + offset);
    }
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 60), now, null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now + 60), now, null)).toBeNull();
  });

  it('never accepts a step at or before the last used one', () => {
    const now = 1_700_000_000;
    const code = totpAt(RFC_SECRET, now);
    expect(matchTotpStep(RFC_SECRET, code, now, totpStep(now))).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpAt(RFC_SECRET, now - 30), now, totpStep(now) - 1)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, code, now, totpStep(now) - 1)).toBe(totpStep(now));
  });

  it('rejects codes that are not 6 digits', () => {
    expect(matchTotpStep(RFC_SECRET, '12345', 59, null)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, 'abcdef', 59, null)).toBeNull();
  });

  it('builds an otpauth link carrying the secret', () => {
    const url = new URL(otpauthUrl('admin2fa', 'JBSWY3DPEHPK3PXP'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Manager:admin2fa');
  });
});
