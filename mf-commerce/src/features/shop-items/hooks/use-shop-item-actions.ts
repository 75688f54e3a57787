import type { ShopItem } from '@manager/contract';
import { toast } from '@manager/platform';
import { useState } from 'react';
import { useCreateShopItem, useDeleteShopItem, useToggleShopItem, useUpdateShopItem } from '../api/save-shop-item';
import type { ShopItemValues } from '../api/shop-item-request';

type Busy = Record<number, 'toggle' | 'delete' | 'update'>;
const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

/** Add, update, toggle and delete with the spec's toasts and per-row busy states. */
export function useShopItemActions() {
  const create = useCreateShopItem();
  const update = useUpdateShopItem();
  const toggle = useToggleShopItem();
  const remove = useDeleteShopItem();
  const [busy, setBusy] = useState<Busy>({});
  const mark = (id: number, what?: Busy[number]) =>
    setBusy((current) => {
      const next = { ...current };
      if (what) next[id] = what;
      else delete next[id];
      return next;
    });

  /** Each resolves true on success, so the form knows whether to reset or close. */
  async function run(id: number | null, what: Busy[number] | null, call: () => Promise<unknown>, success: string) {
    if (id !== null && what) mark(id, what);
    try {
      await call();
      toast.success(success);
      return true;
    } catch (error) {
      toast.error(errorText(error));
      return false;
    } finally {
      if (id !== null) mark(id);
    }
  }

  return {
    busy,
    adding: create.isPending,
    add: (values: ShopItemValues) => run(null, null, () => create.mutateAsync(values), 'Shop item added successfully!'),
    update: (item: ShopItem, values: ShopItemValues) =>
      run(item.id, 'update', () => update.mutateAsync({ id: item.id, values }), 'Shop item updated successfully!'),
    toggle: (item: ShopItem) =>
      run(item.id, 'toggle', () => toggle.mutateAsync(item), `Shop item ${item.status ? 'disabled' : 'enabled'} successfully!`),
    remove: (item: ShopItem) => run(item.id, 'delete', () => remove.mutateAsync(item.id), 'Shop item deleted successfully!'),
  };
}
