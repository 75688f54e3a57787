import { SUCCESS_CODE, type Currency, type Envelope, type ShopItem } from '@manager/contract';
import { isApiError } from '@manager/platform';

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

/** `add` -> "adding", for the spec's "Network error occurred while adding shop item". */
export type ShopAction = 'add' | 'update' | 'delete' | 'status';
const FAILED: Record<ShopAction, (message: string) => string> = {
  add: (m) => `Failed to add shop item: ${m}`,
  update: (m) => `Failed to update shop item: ${m}`,
  delete: (m) => `Failed to delete shop item: ${m}`,
  status: (m) => `Failed to update shop item status: ${m}`,
};
const NETWORK: Record<ShopAction, string> = {
  add: 'Network error occurred while adding shop item',
  update: 'Network error occurred while updating shop item',
  delete: 'Network error occurred while deleting shop item',
  status: 'Network error occurred while updating shop item status',
};

/** Runs a call and turns every failure into the spec's text (section 8). */
export async function shopCall<T>(action: ShopAction, call: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  let body: Envelope<T>;
  try {
    body = await call();
  } catch (error) {
    if (isApiError(error) && error.status === undefined) throw new Error(NETWORK[action], { cause: error });
    const message = error instanceof Error && error.message ? error.message : 'Unknown error';
    throw new Error(FAILED[action](message), { cause: error });
  }
  if (body?.code !== SUCCESS_CODE) throw new Error(FAILED[action](body?.message || 'Unknown error'));
  return body;
}
