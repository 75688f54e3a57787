/** What a failed giveaway change says (docs/screens.md, Giveaways). */
export const GIVEAWAY_FAILURES = {
  add: { failed: 'Failed to add giveaway: ', network: 'Network error occurred while adding giveaway' },
  update: { failed: 'Failed to update giveaway: ', network: 'Network error occurred while updating giveaway' },
  delete: { failed: 'Failed to delete giveaway: ', network: 'Network error occurred while deleting giveaway' },
  status: { failed: 'Failed to update giveaway: ', network: 'Network error occurred while updating giveaway status' },
} as const;
