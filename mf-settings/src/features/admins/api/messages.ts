/**
 * What the Administrators screen says (docs/screens.md#administrators). A refused change toasts
 * the server's own text (the last Owner, a request already decided, a permission not held), so
 * `failed` adds nothing before it.
 */
export const ADMIN_FAILURES = {
  load: 'Failed to load administrators',
  loadRequests: 'Failed to load requests',
  loadRoles: 'Failed to load roles',
  change: { failed: '', network: 'Network error. Please try again.' },
};

export const ADMIN_TEXTS = {
  invited: 'Invitation created',
  roleCreated: 'Role created',
  rolesRemoved: 'Roles changed',
  rolesRequested: 'Role change sent for approval',
  disabled: (username: string) => `${username} is disabled`,
  enableRequested: 'Enabling sent for approval',
  resetRequested: 'Second factor reset sent for approval',
  approved: 'Request approved',
  rejected: 'Request rejected',
  nothingChanged: 'Nothing changed',
};
