import type { Currency, ShopItem } from '@manager/contract';

/** What the add and edit forms produce; images only when picked (on edit: only when replaced). */
export interface ShopItemValues {
  type: ShopItem['type'];
  titleEn: string;
  titleRu: string;
  descriptionEn: string;
  descriptionRu: string;
  price: number;
  currency: Currency;
  bundleItems: number[];
  status?: boolean;
  photo?: File | null;
  thumb?: File | null;
}

/** The multipart body of POST /shop-items and PUT /shop-items/{id}; bundleItems only for NOOB_PACK. */
export function shopItemFormData(values: ShopItemValues): FormData {
  const form = new FormData();
  const text: Record<string, string> = {
    titleEn: values.titleEn.trim(),
    titleRu: values.titleRu.trim(),
    descriptionEn: values.descriptionEn.trim(),
    descriptionRu: values.descriptionRu.trim(),
    type: values.type,
    price: String(values.price),
    currency: values.currency,
  };
  for (const [key, value] of Object.entries(text)) form.append(key, value);
  if (values.status !== undefined) form.append('status', String(values.status));
  if (values.type === 'NOOB_PACK') form.append('bundleItems', JSON.stringify(values.bundleItems));
  if (values.photo) form.append('photo', values.photo);
  if (values.thumb) form.append('thumb', values.thumb);
  return form;
}

/** The item's own fields, for a toggle or an edit without new images. */
export const valuesOf = (item: ShopItem): ShopItemValues => ({
  type: item.type,
  titleEn: item.titleEn,
  titleRu: item.titleRu,
  descriptionEn: item.descriptionEn,
  descriptionRu: item.descriptionRu,
  price: item.price,
  currency: item.currency,
  bundleItems: item.bundleItems ?? [],
  status: item.status,
});

/** What a failed shop item change says (docs/screens.md, Shop items). */
export const SHOP_FAILURES = {
  add: { failed: 'Failed to add shop item: ', network: 'Network error occurred while adding shop item' },
  update: { failed: 'Failed to update shop item: ', network: 'Network error occurred while updating shop item' },
  delete: { failed: 'Failed to delete shop item: ', network: 'Network error occurred while deleting shop item' },
  status: { failed: 'Failed to update shop item status: ', network: 'Network error occurred while updating shop item status' },
} as const;
