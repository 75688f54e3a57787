import { Faker, base, de, en, es, id_ID, pt_BR, ru, tr, uk, vi } from '@faker-js/faker';

/** Every seed stream starts from this value: same inputs, same rows, every run. */
const SEED = 42;

/** Locale fakers for player names, so a Russian player gets a Russian name. */
const LOCALES = { en, ru, uk, de, es, pt_BR, tr, id_ID, vi } as const;
export type LocaleKey = keyof typeof LOCALES;

interface Rng {
  /** The English faker: words, ids, dates, numbers. */
  f: Faker;
  /** A faker in the given locale, seeded from the same stream. */
  locale(key: LocaleKey): Faker;
}

const fakers = new Map<LocaleKey, Faker>();
function fakerFor(key: LocaleKey): Faker {
  let faker = fakers.get(key);
  if (!faker) {
    faker = new Faker({ locale: key === 'en' ? [en, base] : [LOCALES[key], en, base] });
    fakers.set(key, faker);
  }
  return faker;
}

/**
 * A random stream for one domain and one chunk of rows. Chunks are seeded independently, so
 * a chunk can be generated without the ones before it: the million-user seed streams, and
 * changing one domain's generator never shifts another domain's data.
 */
export function rngFor(domain: number, chunk = 0): Rng {
  const f = fakerFor('en');
  f.seed([SEED, domain, chunk]);
  const seeded = new Set<LocaleKey>(['en']);
  return {
    f,
    locale(key) {
      const faker = fakerFor(key);
      if (!seeded.has(key)) {
        faker.seed([SEED, domain, chunk, key.length, key.charCodeAt(0), key.charCodeAt(1)]);
        seeded.add(key);
      }
      return faker;
    },
  };
}

/** Stable integer hash (xorshift-multiply), for per-index values that need no stream. */
export function hash32(n: number): number {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

/** Picks by weight: `[[value, weight], ...]`. */
export function weighted<T>(f: Faker, entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let r = f.number.float({ min: 0, max: total });
  for (const [value, w] of entries) {
    r -= w;
    if (r <= 0) return value;
  }
  return entries[entries.length - 1]![0];
}

/** A decimal string with `digits` fraction digits (money never passes through float sums). */
export const decimal = (value: number, digits = 2): string => value.toFixed(digits);
