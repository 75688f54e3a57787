import type { AdminRow } from '@manager/contract';
import { Button, Flex, Typography } from '@manager/ui';

export type AdminActionKind = 'roles' | 'disable' | 'enable' | 'reset';

interface AdminRowActionsProps {
  admin: AdminRow;
  /** The signed-in admin's own row: nobody changes their own roles or disables themself. */
  self: boolean;
  busy: AdminActionKind | undefined;
  onAction: (kind: AdminActionKind) => void;
}

/** Change roles, Disable or Enable, Reset second factor; each named with the admin for screen readers. */
export function AdminRowActions({ admin, self, busy, onAction }: AdminRowActionsProps) {
  if (self) return <Typography.Text type="secondary">You</Typography.Text>;
  const name = admin.username;
  const button = (kind: AdminActionKind, label: string, ariaLabel: string, danger = false) => (
    <Button
      size="small"
      danger={danger}
      loading={busy === kind}
      disabled={busy !== undefined}
      aria-label={ariaLabel}
      onClick={() => onAction(kind)}
    >
      {label}
    </Button>
  );
  return (
    <Flex gap={6} wrap>
      {button('roles', 'Change roles', `Change roles of ${name}`)}
      {admin.status === 'disabled'
        ? button('enable', 'Enable', `Enable ${name}`)
        : button('disable', 'Disable', `Disable ${name}`, true)}
      {admin.status === 'active' && button('reset', 'Reset second factor', `Reset second factor of ${name}`)}
    </Flex>
  );
}
