/**
 * Values published in this repository (defaults, demo credentials) or typed as placeholders.
 * Anyone can read them, so production refuses them whatever their length.
 */
const KNOWN_DEFAULTS = [
  'local-dev-key',
  'local-releases-token',
  'admin12345',
  'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'x-api-key',
  'api-key',
  'apikey',
  'secret',
  'jwt-secret',
  'changeme',
  'change-me',
  'password',
].map((v) => v.toLowerCase());

export function isKnownDefault(value: string): boolean {
  return KNOWN_DEFAULTS.includes(value.trim().toLowerCase());
}

/** Bits a secret must hold: 32 random bytes. */
const REQUIRED_BITS = 256;
/**
 * The Shannon estimate of a random 32-byte value written in hex or base64 is about 210-245
 * bits (an estimate from one short string counts low; the lowest of 200,000 random values
 * was 180), while a repeated character estimates 0 and a handful of characters far less.
 */
const MIN_SHANNON_BITS = 160;

/** Bits per character of the narrowest common alphabet holding the value: what it can carry at most. */
function bitsPerCharacter(value: string): number {
  if (/^[0-9a-f]+$/i.test(value)) return 4;
  if (/^[A-Za-z0-9+/_=-]+$/.test(value)) return 6;
  return Math.log2(95); // printable ASCII
}

/** Length times the entropy of the value's own character frequencies. */
export function shannonBits(value: string): number {
  const chars = [...value];
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / chars.length) * Math.log2(n / chars.length);
  return perChar * chars.length;
}

/** True when the value is a shorter string repeated ("abcabcabc"). */
const isRepetition = (value: string) => value.length > 1 && (value + value).indexOf(value, 1) < value.length;

/**
 * Why `value` cannot be a production secret, or null. No test can prove a string random; this
 * one refuses what is certainly not 32 random bytes: too short to hold 256 bits in its
 * alphabet (hex 4 bits a character, base64 6, anything else 6.6), a repetition, or a Shannon
 * estimate under MIN_SHANNON_BITS. `openssl rand -base64 32` always passes.
 */
export function secretProblem(value: string): string | null {
  const generate = 'generate one with `openssl rand -base64 32`';
  if (isKnownDefault(value)) return `is a published default value; ${generate}`;
  const capacity = Math.floor(value.length * bitsPerCharacter(value));
  if (capacity < REQUIRED_BITS) {
    return `must hold at least 32 random bytes (${REQUIRED_BITS} bits: 64 hex or 43 base64 characters), this value can hold at most ${capacity}; ${generate}`;
  }
  const estimate = Math.floor(shannonBits(value));
  if (isRepetition(value) || estimate < MIN_SHANNON_BITS) {
    return `is too repetitive to be random (Shannon estimate over its characters ${estimate} bits, at least ${MIN_SHANNON_BITS} required; a repeated pattern is refused); ${generate}`;
  }
  return null;
}
