import { refreshOn, resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  marketplace: {
    ...resource('marketplace'),
    items: resource('marketplace', 'items'),
    orders: resource('marketplace', 'orders'),
  },
  shop: { ...resource('shop'), items: resource('shop', 'items'), orders: resource('shop', 'orders') },
  lootBoxes: resource('loot-boxes'),
} as const;

// The events that refresh this remote's lists in every open console (docs/decisions/0027).
refreshOn('shop_item', keys.shop.items);
refreshOn('loot_box', keys.lootBoxes);
