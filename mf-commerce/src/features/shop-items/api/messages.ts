/**
 * What a failed shop item change says (docs/screens.md#shop-items): `failed` + the reason when
 * the server answered, `network` when no answer came.
 */
export const SHOP_ITEM_FAILURES = {
  add: { failed: 'Failed to add shop item: ', network: 'Network error occurred while adding shop item' },
  update: {
    failed: 'Failed to update shop item: ',
    network: 'Network error occurred while updating shop item',
  },
  delete: {
    failed: 'Failed to delete shop item: ',
    network: 'Network error occurred while deleting shop item',
  },
  status: {
    failed: 'Failed to update shop item status: ',
    network: 'Network error occurred while updating shop item status',
  },
};
