import type { shopItems, shopOrders } from '../schema/shop';
import { decimal, rngFor } from './random';
import { DAY, Timeline } from './timeline';
import { telegramIdOf } from './users';

const SHOP_DOMAIN = 5;
type NewShopItem = typeof shopItems.$inferInsert;
type NewShopOrder = typeof shopOrders.$inferInsert;

const CATALOG: ReadonlyArray<{
  type: NonNullable<NewShopItem['type']>;
  en: string;
  ru: string;
  names: string[];
}> = [
  {
    type: 'BACKGROUND',
    en: 'Background',
    ru: 'Фон',
    names: ['Neon City', 'Deep Space', 'Golden Hour', 'Aurora', 'Matrix', 'Sakura'],
  },
  {
    type: 'FRAME',
    en: 'Frame',
    ru: 'Рамка',
    names: ['Diamond', 'Flame', 'Ice', 'Royal', 'Pixel', 'Emerald'],
  },
  {
    type: 'NICKNAME',
    en: 'Nickname color',
    ru: 'Цвет ника',
    names: ['Rainbow', 'Gold', 'Toxic Green', 'Ocean', 'Crimson', 'Ultraviolet'],
  },
  {
    type: 'CUSTOM_AVATAR',
    en: 'Avatar',
    ru: 'Аватар',
    names: ['Cyber Cat', 'Samurai', 'Astronaut', 'Pepe King', 'Ghost'],
  },
];
const PRICE_BY_CURRENCY = {
  TON: [0.5, 1, 2.5, 5],
  STAR: [50, 100, 250, 500],
  RED_CHIP: [1000, 2500, 5000],
  PLAY: [5000, 10000, 25000],
} as const;

/** 30 items, ids 1..30: 23 cosmetics of four types, then NOOB_PACK bundles of earlier items. */
export function buildShopItems(time: Timeline, count = 30): NewShopItem[] {
  const { f } = rngFor(SHOP_DOMAIN);
  const packs = Math.max(1, Math.round(count / 4));
  const rows: NewShopItem[] = [];
  for (let k = 0; k < count; k++) {
    const id = k + 1;
    const currency = f.helpers.arrayElement(['TON', 'STAR', 'RED_CHIP', 'PLAY'] as const);
    const price = f.helpers.arrayElement(PRICE_BY_CURRENCY[currency]);
    const base = {
      id,
      price: decimal(price, currency === 'TON' ? 2 : 0),
      currency,
      status: f.number.float() < 0.85,
      photoUrl: '',
      thumbUrl: '',
      sold: 0,
    };
    const createdAt = new Date(time.now - (count - k) * 9 * DAY);
    if (k >= count - packs) {
      const contents = f.helpers.arrayElements(
        rows.filter((r) => r.type !== 'NOOB_PACK'),
        { min: 2, max: 4 },
      );
      rows.push({
        ...base,
        type: 'NOOB_PACK',
        titleEn: `Starter Pack #${k - (count - packs) + 1}`,
        titleRu: `Набор новичка #${k - (count - packs) + 1}`,
        descriptionEn: `Everything a new player needs: ${contents.map((c) => c.titleEn).join(', ')}.`,
        descriptionRu: `Всё для новичка: ${contents.map((c) => c.titleRu).join(', ')}.`,
        bundleItems: JSON.stringify(contents.map((c) => c.id)),
        createdAt,
      });
      continue;
    }
    const group = CATALOG[k % CATALOG.length]!;
    const name = group.names[Math.floor(k / CATALOG.length) % group.names.length]!;
    rows.push({
      ...base,
      type: group.type,
      titleEn: `${name} ${group.en}`,
      titleRu: `${group.ru} «${name}»`,
      descriptionEn: `${f.company.catchPhrase()}. A ${group.en.toLowerCase()} that stands out in every game room.`,
      descriptionRu: `${group.ru} «${name}», который выделит тебя в любой игровой комнате.`,
      bundleItems: null,
      createdAt,
    });
  }
  return rows;
}

/** Orders [from, to) over the last 90 days; price and currency copied from the item at purchase. */
export function buildShopOrders(
  time: Timeline,
  items: NewShopItem[],
  total: number,
  from: number,
  to: number,
  chunk: number,
): NewShopOrder[] {
  const { f } = rngFor(SHOP_DOMAIN, chunk + 1);
  const rows: NewShopOrder[] = [];
  for (let j = from; j < to; j++) {
    const createdAt = time.eventAt(j, total, 90 * DAY, 10 * 60_000);
    const item = f.helpers.arrayElement(items);
    rows.push({
      id: f.string.uuid(),
      telegramId: telegramIdOf(f.number.int({ min: 0, max: time.usersAt(createdAt) - 1 })),
      shopItemId: item.id!,
      isBundle: item.type === 'NOOB_PACK',
      price: item.price,
      currency: item.currency,
      createdAt: new Date(createdAt),
    });
  }
  return rows;
}
