/** Settings texts (docs/screens.md). */
export const SETTINGS_MESSAGES = {
  fetchFailed: 'Failed to fetch settings',
  updated: 'Settings updated successfully!',
  updateFailed: 'Failed to update settings',
} as const;
