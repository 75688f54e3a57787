import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, ShopItem } from '@manager/contract';
import { http, queryKeys } from '@manager/platform';
import { shopCall, shopItemFormData, valuesOf, type ShopItemValues } from './shop-item-request';

/** POST /shop-items (multipart). */
export const createShopItem = (values: ShopItemValues) =>
  shopCall('add', () => http.post<Envelope<ShopItem>>('/shop-items', shopItemFormData({ ...values, status: undefined })));

/** PUT /shop-items/{id} (multipart; images only when replaced). */
export const updateShopItem = (id: number, values: ShopItemValues) =>
  shopCall('update', () => http.put<Envelope<ShopItem>>(`/shop-items/${id}`, shopItemFormData(values)));

/** Enable/Disable: the same fields without images and with status inverted. */
export const toggleShopItem = (item: ShopItem) =>
  shopCall('status', () =>
    http.put<Envelope<ShopItem>>(`/shop-items/${item.id}`, shopItemFormData({ ...valuesOf(item), status: !item.status })),
  );

/** DELETE /shop-items/{id} (after the confirmation). */
export const deleteShopItem = (id: number) => shopCall('delete', () => http.delete<Envelope<unknown>>(`/shop-items/${id}`));

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
