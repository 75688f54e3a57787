import type { LocaleKey } from './random';

/** Where players come from, with realistic weights for a Telegram game audience. */
export const COUNTRIES: ReadonlyArray<{
  name: string;
  flag: string;
  lang: string;
  locale: LocaleKey;
  weight: number;
}> = [
  { name: 'Russia', flag: '🇷🇺', lang: 'ru', locale: 'ru', weight: 22 },
  { name: 'Ukraine', flag: '🇺🇦', lang: 'uk', locale: 'uk', weight: 9 },
  { name: 'India', flag: '🇮🇳', lang: 'en', locale: 'en', weight: 9 },
  { name: 'Indonesia', flag: '🇮🇩', lang: 'id', locale: 'id_ID', weight: 7 },
  { name: 'United States', flag: '🇺🇸', lang: 'en', locale: 'en', weight: 6 },
  { name: 'Uzbekistan', flag: '🇺🇿', lang: 'ru', locale: 'ru', weight: 5 },
  { name: 'Kazakhstan', flag: '🇰🇿', lang: 'ru', locale: 'ru', weight: 5 },
  { name: 'Turkey', flag: '🇹🇷', lang: 'tr', locale: 'tr', weight: 5 },
  { name: 'Vietnam', flag: '🇻🇳', lang: 'vi', locale: 'vi', weight: 5 },
  { name: 'Brazil', flag: '🇧🇷', lang: 'pt', locale: 'pt_BR', weight: 4 },
  { name: 'Nigeria', flag: '🇳🇬', lang: 'en', locale: 'en', weight: 4 },
  { name: 'Belarus', flag: '🇧🇾', lang: 'ru', locale: 'ru', weight: 3 },
  { name: 'Germany', flag: '🇩🇪', lang: 'de', locale: 'de', weight: 3 },
  { name: 'Spain', flag: '🇪🇸', lang: 'es', locale: 'es', weight: 2 },
  { name: 'Mexico', flag: '🇲🇽', lang: 'es', locale: 'es', weight: 2 },
  { name: 'Philippines', flag: '🇵🇭', lang: 'en', locale: 'en', weight: 2 },
  { name: 'United Kingdom', flag: '🇬🇧', lang: 'en', locale: 'en', weight: 2 },
  { name: 'Georgia', flag: '🇬🇪', lang: 'ru', locale: 'ru', weight: 1 },
  { name: 'Armenia', flag: '🇦🇲', lang: 'ru', locale: 'ru', weight: 1 },
  { name: 'Azerbaijan', flag: '🇦🇿', lang: 'ru', locale: 'ru', weight: 1 },
  { name: 'United Arab Emirates', flag: '🇦🇪', lang: 'en', locale: 'en', weight: 1 },
];

/** Telegram NFT gift collections and their usual floor price in TON. */
export const GIFT_COLLECTIONS: ReadonlyArray<{ name: string; price: number }> = [
  { name: 'Plush Pepe', price: 2800 },
  { name: "Durov's Cap", price: 620 },
  { name: 'Precious Peach', price: 310 },
  { name: 'Heart Locket', price: 1500 },
  { name: 'Signet Ring', price: 26 },
  { name: 'Swiss Watch', price: 28 },
  { name: 'Astral Shard', price: 95 },
  { name: 'Genie Lamp', price: 42 },
  { name: 'Ion Gem', price: 60 },
  { name: 'Mini Oscar', price: 75 },
  { name: 'Loot Bag', price: 68 },
  { name: 'Perfume Bottle', price: 55 },
  { name: 'Magic Potion', price: 38 },
  { name: 'Eternal Rose', price: 16 },
  { name: 'Vintage Cigar', price: 18 },
  { name: 'Sharp Tongue', price: 24 },
  { name: 'Kissed Frog', price: 21 },
  { name: 'Electric Skull', price: 19 },
  { name: 'Toy Bear', price: 17 },
  { name: 'Diamond Ring', price: 12 },
  { name: 'Love Potion', price: 7.5 },
  { name: 'Crystal Ball', price: 6.2 },
  { name: 'Record Player', price: 5.8 },
  { name: 'Top Hat', price: 9.4 },
  { name: 'Voodoo Doll', price: 11 },
  { name: 'Trapped Heart', price: 8.1 },
  { name: 'Skull Flower', price: 5.1 },
  { name: 'Bunny Muffin', price: 4.2 },
  { name: 'Sakura Flower', price: 4.6 },
  { name: 'Evil Eye', price: 3.9 },
  { name: 'Hex Pot', price: 3.1 },
  { name: 'Jelly Bunny', price: 3.6 },
  { name: 'Spiced Wine', price: 2.9 },
  { name: 'Lunar Snake', price: 2.2 },
  { name: 'Homemade Cake', price: 2.4 },
  { name: 'Witch Hat', price: 2.6 },
  { name: 'Snow Globe', price: 3.3 },
  { name: 'Jester Hat', price: 2.1 },
  { name: 'Candy Cane', price: 1.9 },
  { name: 'Desk Calendar', price: 1.8 },
  { name: 'Lol Pop', price: 1.7 },
  { name: 'Star Notepad', price: 2 },
  { name: 'Ginger Cookie', price: 2.3 },
  { name: 'Santa Hat', price: 2.5 },
  { name: 'Jingle Bells', price: 2 },
  { name: 'Party Sparkler', price: 1.9 },
];

/** Model names of NFT gifts (the model is one of the gift's random traits). */
export const GIFT_MODELS = [
  'Aqua Plush',
  'Midnight Blue',
  'Pepe Ninja',
  'Gold Rush',
  'Cyber Punk',
  'Marble',
  'Toxic',
  'Ruby',
  'Sapphire',
  'Emerald',
  'Onyx',
  'Neon Dream',
  'Cotton Candy',
  'Lava',
  'Frost',
  'Pixel',
  'Vaporwave',
  'Sunset',
  'Galaxy',
  'Zebra',
  'Panther',
  'Bubblegum',
  'Kawaii',
  'Noir',
] as const;

/** The slug Telegram uses for an NFT ("PlushPepe-1234"); the console builds images from it. */
export const giftSlug = (collection: string, number: number): string =>
  `${collection.replace(/[^A-Za-z0-9]/g, '')}-${number}`;

/** Regular Telegram gifts bought with Stars. */
export const STARS_GIFT_EMOJI = [
  '💝',
  '🧸',
  '🎁',
  '🌹',
  '🎂',
  '💐',
  '🚀',
  '🏆',
  '💍',
  '💎',
  '🍾',
  '🎄',
  '❤️',
  '🐻',
  '🌷',
  '🍭',
];
export const STARS_GIFT_PRICES = [15, 25, 50, 100, 150, 250, 350, 500, 1000, 2500];
