import type { Envelope, ShopItem } from '@manager/contract';
import { checkedCall, http, useChange } from '@manager/platform';
import { SHOP_ITEM_FAILURES as FAILURES } from './messages';
import { shopItemFormData, valuesOf, type ShopItemValues } from './shop-item-request';
import { keys } from '../../../query-keys';

/** POST /shop-items (multipart). */
export const createShopItem = (values: ShopItemValues) =>
  checkedCall(
    () => http.post<Envelope<ShopItem>>('/shop-items', shopItemFormData({ ...values, status: undefined })),
    FAILURES.add,
  );

/** PUT /shop-items/{id} (multipart; images only when replaced). */
export const updateShopItem = (id: number, values: ShopItemValues) =>
  checkedCall(
    () => http.put<Envelope<ShopItem>>(`/shop-items/${id}`, shopItemFormData(values)),
    FAILURES.update,
  );

/** Enable/Disable: the same fields without images and with status inverted. */
const toggleShopItem = (item: ShopItem) =>
  checkedCall(
    () =>
      http.put<Envelope<ShopItem>>(
        `/shop-items/${item.id}`,
        shopItemFormData({ ...valuesOf(item), status: !item.status }),
      ),
    FAILURES.status,
  );

/** DELETE /shop-items/{id} (after the confirmation). */
export const deleteShopItem = (id: number) =>
  checkedCall(() => http.delete<Envelope<unknown>>(`/shop-items/${id}`), FAILURES.delete);

// Orders show item titles too, so both shop lists refresh.
const useShopMutation = <V, R>(fn: (v: V) => Promise<R>) => useChange(fn, keys.shop.all(), { always: true });

export const useCreateShopItem = () => useShopMutation(createShopItem);
export const useUpdateShopItem = () =>
  useShopMutation(({ id, values }: { id: number; values: ShopItemValues }) => updateShopItem(id, values));
export const useToggleShopItem = () => useShopMutation(toggleShopItem);
export const useDeleteShopItem = () => useShopMutation(deleteShopItem);
