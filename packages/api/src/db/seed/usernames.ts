import type { Faker } from '@faker-js/faker';

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};
const SPECIAL: Record<string, string> = { ı: 'i', đ: 'd', Đ: 'D', ß: 'ss', ø: 'o', ł: 'l', Ł: 'L' };

/** Latin letters only: Cyrillic transliterated, accents dropped ("Вячеслав" -> "Vyacheslav"). */
function toLatin(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const mapped = CYRILLIC[lower];
    if (mapped !== undefined) out += ch === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
    else out += SPECIAL[ch] ?? ch;
  }
  return out.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');
}

/** A Telegram-style username (letters, digits, underscores; 5 to 32 characters). */
export function usernameFor(f: Faker, firstName: string, lastName: string | null, i: number): string {
  const first = toLatin(firstName);
  const last = toLatin(lastName ?? '');
  const digits = f.number.float() < 0.5 ? String(f.number.int({ min: 1, max: 999 })) : '';
  const name = f.helpers
    .arrayElement([
      `${first}${last}`,
      `${first}_${last}`,
      `${first.toLowerCase()}${digits}`,
      `${first}${last.slice(0, 1)}${digits}`,
      `${last.toLowerCase()}_${first.toLowerCase()}`,
    ])
    .replace(/^_+|_+$/g, '');
  const username = `${name}${name.endsWith(digits) ? '' : digits}`.slice(0, 28);
  // Short names get the index, which also keeps them unique.
  return username.length >= 5 ? username : `${username || 'player'}${i}`;
}
