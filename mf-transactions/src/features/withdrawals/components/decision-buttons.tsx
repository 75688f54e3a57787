import { FIRST_APPROVER_REFUSAL, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import { Button, Flex, Tooltip, Typography } from '@manager/ui';

interface DecisionButtonsProps {
  withdrawal: Withdrawal;
  /** The signed-in admin's id: the first approver cannot give the second approval. */
  me: number | undefined;
  /** A decision is in flight (or being confirmed): every button waits. */
  disabled: boolean;
  onDecide: (action: WithdrawalAction, withdrawal: Withdrawal) => void;
}

const APPROVALS = [
  { action: 'with-transfer', label: 'Approve with transfer', primary: true },
  { action: 'without-transfer', label: 'Approve without transfer', primary: false },
] as const;

/**
 * Pending rows: approve with gift transfer (not for TON), approve without, reject. A row
 * awaiting its second approval offers another admin only the approval to confirm (and reject);
 * its first approver sees the approvals disabled, the reason in a tooltip that a keyboard
 * reaches too (a disabled button takes no focus, so its wrapper does).
 */
export function DecisionButtons({ withdrawal, me, disabled, onDecide }: DecisionButtonsProps) {
  if (withdrawal.status) return <Typography.Text type="success">Processed</Typography.Text>;
  if (withdrawal.rejected) return null;
  const label = `withdrawal ${withdrawal.id}`;
  const first = withdrawal.firstApproval ?? null;
  const mine = first !== null && me !== undefined && first.adminId === me;
  const offered = APPROVALS.filter(
    (a) =>
      (a.action !== 'with-transfer' || withdrawal.currency !== 'TON') &&
      (first === null || mine || first.action === a.action),
  );
  return (
    <Flex gap={6} wrap>
      {offered.map((a) => {
        const button = (
          <Button
            key={a.action}
            size="small"
            type={a.primary ? 'primary' : 'default'}
            disabled={disabled || mine}
            // The wrapper gets the pointer, so the tooltip shows over a disabled button too.
            style={mine ? { pointerEvents: 'none' } : undefined}
            aria-label={`${a.label} ${label}`}
            onClick={() => onDecide(a.action, withdrawal)}
          >
            {a.label}
          </Button>
        );
        if (!mine) return button;
        return (
          <Tooltip key={a.action} title={FIRST_APPROVER_REFUSAL} trigger={['hover', 'focus']}>
            <span tabIndex={0} style={{ display: 'inline-block', cursor: 'not-allowed' }}>
              {button}
            </span>
          </Tooltip>
        );
      })}
      <Button
        size="small"
        danger
        disabled={disabled}
        aria-label={`Reject ${label}`}
        onClick={() => onDecide('reject', withdrawal)}
      >
        Reject
      </Button>
    </Flex>
  );
}
