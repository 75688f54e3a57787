import type { ShopItem } from '@manager/contract';
import { useRowCalls } from '@manager/platform';
import {
  useCreateShopItem,
  useDeleteShopItem,
  useToggleShopItem,
  useUpdateShopItem,
} from '../api/save-shop-item';
import type { ShopItemValues } from '../api/shop-item-request';

/** Add, update, toggle and delete with their toasts and per-row busy states; each resolves true on success. */
export function useShopItemActions() {
  const create = useCreateShopItem();
  const update = useUpdateShopItem();
  const toggle = useToggleShopItem();
  const remove = useDeleteShopItem();
  const { busy, run } = useRowCalls<'toggle' | 'delete' | 'update'>();
  const done = (call: () => Promise<unknown>, success: string) => async () => {
    await call();
    return success;
  };

  return {
    busy,
    adding: create.isPending,
    add: (values: ShopItemValues) =>
      run(done(() => create.mutateAsync(values), 'Shop item added successfully!')),
    update: (item: ShopItem, values: ShopItemValues) =>
      run(
        done(() => update.mutateAsync({ id: item.id, values }), 'Shop item updated successfully!'),
        { id: item.id, kind: 'update' },
      ),
    toggle: (item: ShopItem) =>
      run(
        done(
          () => toggle.mutateAsync(item),
          `Shop item ${item.status ? 'disabled' : 'enabled'} successfully!`,
        ),
        { id: item.id, kind: 'toggle' },
      ),
    remove: (item: ShopItem) =>
      run(
        done(() => remove.mutateAsync(item.id), 'Shop item deleted successfully!'),
        { id: item.id, kind: 'delete' },
      ),
  };
}
