import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMailingBodySchema,
  dateText,
  formMoney,
  isHttpUrl,
  jsonAmount,
  paymentsQuerySchema,
  text,
} from './index.ts';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('text', () => {
  it('refuses NUL and unpaired surrogates, which PostgreSQL cannot store', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800'])
      expect(text.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ['', 'Привет', '👩‍👩‍👧‍👦', '\ud83d\ude00', 'e\u0301', '\uffff', 'tab\there'])
      expect(text.safeParse(good).success, JSON.stringify(good)).toBe(true);
  });

  it('keeps its check when trimmed and bounded, and names the field', () => {
    const schema = z.object({ title: text.trim().min(1).max(5) });
    expect(issuesOf(schema, { title: ' a\u0000 ' })).toEqual([
      'title: must not contain NUL or unpaired surrogate characters',
    ]);
    expect(schema.parse({ title: ' ab ' })).toEqual({ title: 'ab' });
  });
});

describe('links', () => {
  it('accepts http and https links only', () => {
    for (const good of [
      'https://t.me/manager_bot?start=1',
      'http://example.com',
      'HTTPS://EXAMPLE.COM/x',
      'http://localhost:3000/a',
    ])
      expect(isHttpUrl(good), good).toBe(true);
    const bad = [
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'tg://resolve?domain=x',
      '//example.com',
      'http:example.com',
      'https://',
      'https://exa mple.com',
      'https://example.com/\n',
      'https://example.com/\u0000',
      'example.com',
    ];
    for (const link of bad) expect(isHttpUrl(link), link).toBe(false);
  });

  it('a mailing button link says what it needs', () => {
    expect(
      issuesOf(createMailingBodySchema, {
        message: 'Hi',
        buttonText: 'Go',
        buttonLink: 'javascript:alert(1)',
      }),
    ).toEqual(['buttonLink: Please enter a valid URL starting with http:// or https://']);
    expect(issuesOf(createMailingBodySchema, { message: 'Hi', buttonText: 'Go', buttonLink: ' ' })).toEqual([
      'buttonLink: Button link is required',
    ]);
  });
});

describe('money', () => {
  it('fits numeric(20, 9): at most 11 digits before the point and 9 after', () => {
    for (const good of ['0', '99999999999.5', 99_999_999_999.99998, '0.000000001', 0.1, 1e3])
      expect(formMoney.safeParse(good).success, String(good)).toBe(true);
    for (const bad of [
      '100000000000',
      1e11,
      '1e3',
      '1e300',
      'Infinity',
      '0.0000000001',
      1e-10,
      0.1 + 0.2,
      -1,
      'abc',
      '',
    ])
      expect(formMoney.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('an amount inside a JSON document keeps the decimals a computation gives, within the same bound', () => {
    expect(jsonAmount.parse(1.001 * 250)).toBe(250.24999999999997);
    expect(jsonAmount.safeParse(1e11).success).toBe(false);
  });
});

describe('dates', () => {
  it('accepts ISO dates and date-times in the years 1 to 9999, kept as sent', () => {
    for (const good of [
      '0001-01-01',
      '0001-01-01T00:00:00Z',
      '2026-05-01T18:30',
      '2026-05-01T18:30:00.000+02:00',
      '9999-12-31',
      '9999-12-31T23:59:59.999Z',
    ]) {
      expect(dateText.parse(good), good).toBe(good);
    }
  });

  it('refuses year 0, years past 9999 and what is not an ISO date', () => {
    const bad = [
      '0000-01-01',
      '0000-12-31T23:00:00Z',
      '10000-01-01',
      '+010000-01-01T00:00:00Z',
      '99999-12-31',
      '-000001-01-01T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '9999-12-31T23:00:00-05:00',
      '1',
      'yesterday',
      '2024-01-01T10:00:00+25:00',
    ];
    for (const date of bad) expect(dateText.safeParse(date).success, date).toBe(false);
    expect(issuesOf(paymentsQuerySchema, { endDate: '10000-01-01' })).toEqual([
      'endDate: must be a date in the years 1 to 9999',
    ]);
  });
});
