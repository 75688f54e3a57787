/**
 * Names and codes as an administrator reads them: a field name (`starsBalance` -> `Stars
 * balance`) and an enum value (`IN_PROGRESS` -> `In progress`). The one formatter for these in
 * the console; texts the brief spells as codes (shop item types such as `NOOB_PACK`, `RED_CHIP`)
 * are shown as they are, not through these.
 */

/** Abbreviations that stay in capitals inside words. */
const ACRONYMS: Record<string, string> = {
  ton: 'TON',
  id: 'ID',
  ids: 'IDs',
  url: 'URL',
  ip: 'IP',
  nft: 'NFT',
  '2fa': '2FA',
  totp: 'TOTP',
  csv: 'CSV',
};

/** Field names whose words alone would mislead or read badly. */
const FIELD_WORDS: Record<string, string> = {
  titleEn: 'Title (English)',
  titleRu: 'Title (Russian)',
  descriptionEn: 'Description (English)',
  descriptionRu: 'Description (Russian)',
  isPremium: 'Premium',
  isFree: 'Free',
  isTelegramFollow: 'Telegram follow',
  lang: 'Language',
  expiredDate: 'Expiry date',
};

/** `starsBalance`, `stars_balance`, `STARS-BALANCE` -> `stars`, `balance`. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Words in sentence case: the first capitalised, abbreviations in capitals, `Red Chip` as the product names it. */
function sentence(words: string[]): string {
  const text = words
    .map((w, i) => ACRONYMS[w] ?? (i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ');
  return text.replace(/\b[Rr]ed chip\b/g, 'Red Chip');
}

/** A field's name as words: `starsBalance` -> `Stars balance`, `tonBalance` -> `TON balance`. */
export function formatFieldName(field: string): string {
  if (Object.hasOwn(FIELD_WORDS, field)) return FIELD_WORDS[field]!;
  const words = wordsOf(field);
  return words.length ? sentence(words) : field;
}

/** An enum value as words: `IN_PROGRESS` -> `In progress`, `stars_purchase` -> `Stars purchase`, `NFT` -> `NFT`. */
export function formatEnum(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '-';
  return sentence(wordsOf(value));
}
