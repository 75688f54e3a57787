import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITY_TYPES } from './schemas/audit.ts';
import { EVENT_READ_PERMISSION, eventPermission } from './events.ts';

describe('eventPermission', () => {
  it('names the read permission of each kind of change', () => {
    expect(eventPermission('withdrawal', 'withdrawal.reject')).toBe('withdrawals.read');
    expect(eventPermission('user', 'user.balances.update')).toBe('users.read');
    expect(eventPermission('admin', 'auth.admin.create')).toBe('admins.manage');
    expect(eventPermission('metrics', 'metrics.moved')).toBe('dashboard.read');
  });

  it('makes no event of a read, a sign-in or an admin’s own security', () => {
    for (const [entity, action] of [
      ['payment', 'pii.revealed'],
      ['audit', 'audit.export'],
      ['list', 'list.export'],
      ['admin', 'auth.login.failure'],
      ['admin', 'auth.login.success'],
      ['admin', 'auth.2fa.enable'],
      ['passkey', 'auth.passkey.add'],
      ['session', 'auth.session.end'],
      ['withdrawal', 'auth.access.denied'],
    ])
      expect(eventPermission(entity!, action!), action).toBeNull();
    expect(eventPermission('nothing-known', 'task.create')).toBeNull();
  });

  it('covers every kind of audited record', () => {
    for (const entity of AUDIT_ENTITY_TYPES) expect(Object.hasOwn(EVENT_READ_PERMISSION, entity)).toBe(true);
  });
});
