/** The passkeys' texts in the two-factor section (docs/screens.md#passkeys). */
export const PASSKEY_TEXTS = {
  fetchFailed: 'Failed to load passkeys',
  added: 'Passkey added',
  removed: 'Passkey removed',
  add: { failed: 'Failed to add the passkey: ', network: 'Network error occurred while adding the passkey' },
  remove: {
    failed: 'Failed to remove the passkey: ',
    network: 'Network error occurred while removing the passkey',
  },
} as const;
