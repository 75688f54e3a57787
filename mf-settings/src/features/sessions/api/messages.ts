/** The Sessions card's texts (docs/screens.md#sessions). */
export const SESSIONS_MESSAGES = {
  fetchFailed: 'Failed to load sessions',
  ended: 'Session signed out',
  end: {
    failed: 'Failed to sign out the session: ',
    network: 'Network error occurred while signing out the session',
  },
  endOthers: {
    failed: 'Failed to sign out other sessions: ',
    network: 'Network error occurred while signing out other sessions',
  },
} as const;

/** "1 other session signed out", "2 other sessions signed out". */
export const othersEnded = (count: number) => `${count} other session${count === 1 ? '' : 's'} signed out`;
