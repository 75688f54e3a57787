/**
 * What a failed giveaway change says (docs/screens.md#giveaways): `failed` + the reason when
 * the server answered, `network` when no answer came. The status toggle fails as an update,
 * but without an answer it names the status.
 */
export const GIVEAWAY_FAILURES = {
  add: { failed: 'Failed to add giveaway: ', network: 'Network error occurred while adding giveaway' },
  update: {
    failed: 'Failed to update giveaway: ',
    network: 'Network error occurred while updating giveaway',
  },
  delete: {
    failed: 'Failed to delete giveaway: ',
    network: 'Network error occurred while deleting giveaway',
  },
  status: {
    failed: 'Failed to update giveaway: ',
    network: 'Network error occurred while updating giveaway status',
  },
};
