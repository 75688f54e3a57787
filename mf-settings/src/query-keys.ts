import { refreshOn, resource } from '@manager/platform';

/** The query keys of what this remote owns (`resource()` in @manager/platform); the shared roots are `queryKeys`. */
export const keys = {
  settings: resource('settings'),
  /** The signed-in admin's own sessions. */
  sessions: resource('sessions'),
  /** The signed-in admin's passkeys. */
  passkeys: resource('passkeys'),
  /** Administrators; `admins.all()` also covers their requests and the roles. */
  admins: resource('admins'),
  adminRequests: resource('admins', 'requests'),
  adminRoles: resource('admins', 'roles'),
} as const;

// The events that refresh this remote's lists in every open console (docs/decisions/0027).
refreshOn('admin', keys.admins, keys.adminRequests);
refreshOn('admin_request', keys.adminRequests);
refreshOn('role', keys.adminRoles);
