import { numberToDecimalText } from '@manager/contract';
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
    price: numberToDecimalText(values.price),
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
