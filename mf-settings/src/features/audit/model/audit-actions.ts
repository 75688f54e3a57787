/**
 * The actions the Action filter offers, and how the log names them. The one place they come
 * from until `@manager/contract` lists them (`AUDIT_ACTION_LABELS` in schemas/audit.ts, the names
 * the API writes); then the object below becomes that one (`= AUDIT_ACTION_LABELS` imported from
 * `@manager/contract`), and `actionLabel` / `actionOptions` follow.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'auth.login.success': 'Signed in',
  'auth.login.failure': 'Sign-in failed',
  'auth.2fa.failure': 'Two-factor code refused',
  'auth.password.failure': 'Password re-check failed',
  'auth.logout': 'Signed out',
  'auth.session.end': 'Session signed out',
  'auth.session.end_others': 'Other sessions signed out',
  'auth.refresh.reuse': 'Token reuse detected',
  'auth.2fa.enable': 'Two-factor enabled',
  'auth.2fa.disable': 'Two-factor disabled',
  'auth.2fa.backup_codes.regenerate': 'Backup codes regenerated',
  'auth.admin.create': 'Admin created',
  'user.balances.update': 'Balances changed',
  'withdrawal.approve_with_transfer': 'Withdrawal approved with transfer',
  'withdrawal.approve_without_transfer': 'Withdrawal approved without transfer',
  'withdrawal.reject': 'Withdrawal rejected',
  'withdrawal.transfer_failed': 'Transfer failed',
  'withdrawal.transfer_unknown': 'Transfer outcome unknown',
  'withdrawal.transfer_reconciled': 'Transfer settled by reconciliation',
  'withdrawal.transfer_released': 'Transfer claim released',
  'task.create': 'Task created',
  'task.update': 'Task changed',
  'task.delete': 'Task deleted',
  'shop_item.create': 'Shop item created',
  'shop_item.update': 'Shop item changed',
  'shop_item.delete': 'Shop item deleted',
  'loot_box.create': 'Loot box created',
  'loot_box.update': 'Loot box changed',
  'loot_box.toggle': 'Loot box switched on or off',
  'loot_box.delete': 'Loot box deleted',
  'giveaway.create': 'Giveaway created',
  'giveaway.update': 'Giveaway changed',
  'giveaway.delete': 'Giveaway deleted',
  'mailing.create': 'Mailing created',
  'mailing.start': 'Mailing started',
  'mailing.deliver': 'Mailing delivered',
  'tournament.create': 'Tournament created',
  'tournament.update': 'Tournament changed',
  'tournament.delete': 'Tournament deleted',
  'settings.update': 'Settings changed',
  'audit.export': 'Audit log exported',
};

/** The label of an action; an action the list does not know shows its code. */
export const actionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** The Action filter's options, in the order of the list (grouped by entity). */
export const actionOptions = (current?: string) => {
  const options = Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label }));
  // An action from a shared link that this build does not know stays selectable.
  return current && !(current in AUDIT_ACTION_LABELS) ? [...options, { value: current, label: current }] : options;
};
