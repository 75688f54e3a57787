import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, ShopItem } from '@manager/contract';
import { checkedCall, http, queryKeys } from '@manager/platform';
import { SHOP_FAILURES, shopItemFormData, valuesOf, type ShopItemValues } from './shop-item-request';

/** POST /shop-items (multipart). */
export const createShopItem = (values: ShopItemValues) =>
  checkedCall(() => http.post<Envelope<ShopItem>>('/shop-items', shopItemFormData({ ...values, status: undefined })), SHOP_FAILURES.add);

/** PUT /shop-items/{id} (multipart; images only when replaced). */
export const updateShopItem = (id: number, values: ShopItemValues) =>
  checkedCall(() => http.put<Envelope<ShopItem>>(`/shop-items/${id}`, shopItemFormData(values)), SHOP_FAILURES.update);

/** Enable/Disable: the same fields without images and with status inverted. */
export const toggleShopItem = (item: ShopItem) =>
  checkedCall(
    () => http.put<Envelope<ShopItem>>(`/shop-items/${item.id}`, shopItemFormData({ ...valuesOf(item), status: !item.status })),
    SHOP_FAILURES.status,
  );

/** DELETE /shop-items/{id} (after the confirmation). */
export const deleteShopItem = (id: number) => checkedCall(() => http.delete<Envelope<unknown>>(`/shop-items/${id}`), SHOP_FAILURES.delete);

function useShopMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Orders show item titles too, so both shop lists refresh.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.shop.all() }),
  });
}

export const useCreateShopItem = () => useShopMutation(createShopItem);
export const useUpdateShopItem = () => useShopMutation(({ id, values }: { id: number; values: ShopItemValues }) => updateShopItem(id, values));
export const useToggleShopItem = () => useShopMutation(toggleShopItem);
export const useDeleteShopItem = () => useShopMutation(deleteShopItem);
