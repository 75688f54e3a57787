import { describe, expect, it } from 'vitest';
import { DECIMAL_TEXT, decimalTextToNumber, numberToDecimalText } from './schemas/common.ts';

describe('numberToDecimalText', () => {
  it.each([0, 7, 0.5, 1e-7, 0.0000001234, 195.25, 12345678901234, 1e21, -3.5, 0.1 + 0.2])(
    'writes %s in plain decimal notation the API reads back to the same number',
    (value) => {
      const text = numberToDecimalText(value);
      expect(text).toMatch(DECIMAL_TEXT);
      expect(decimalTextToNumber(text)).toBe(value);
    },
  );

  it('writes what String() writes where that is already plain', () => {
    expect(numberToDecimalText(1e-7)).toBe('0.0000001');
    expect(numberToDecimalText(195.25)).toBe('195.25');
    expect(numberToDecimalText(42)).toBe('42');
  });
});
