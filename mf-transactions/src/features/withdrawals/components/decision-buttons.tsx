import { FIRST_APPROVER_REFUSAL, type Withdrawal, type WithdrawalAction } from '@manager/contract';
import { Button, Tooltip, Typography } from '@manager/ui';

interface DecisionButtonsProps {
  withdrawal: Withdrawal;
  /** The signed-in admin's id: the first approver cannot give the second approval. */
  me: number | undefined;
  /** A decision is in flight (or being confirmed): every button waits. */
  disabled: boolean;
  onDecide: (action: WithdrawalAction, withdrawal: Withdrawal) => void;
}

const SLOTS = [
  { action: 'with-transfer', label: 'Approve with transfer', width: 164 },
  { action: 'without-transfer', label: 'Approve without transfer', width: 184 },
  { action: 'reject', label: 'Reject', width: 72 },
] as const;

/** The three slots side by side (wrapping on a phone's card): each button always at its place. */
export const DECISION_SLOTS_WIDTH = SLOTS.reduce((sum, s) => sum + s.width, 0) + 2 * 6;

/**
 * Pending rows: approve with gift transfer (not for TON), approve without, reject, each in a
 * slot of its own at a fixed place, whatever the row: a button the row does not offer leaves
 * its slot empty, so the same button is in the same place on every row. A row awaiting its
 * second approval offers another admin only the approval to confirm (and reject); its first
 * approver sees the approvals disabled, the reason in a tooltip that a keyboard reaches too (a
 * disabled button takes no focus, so its wrapper does). Decided rows have no actions.
 */
export function DecisionButtons({ withdrawal, me, disabled, onDecide }: DecisionButtonsProps) {
  if (withdrawal.status) return <Typography.Text type="success">Processed</Typography.Text>;
  if (withdrawal.rejected) return null;
  const label = `withdrawal ${withdrawal.id}`;
  const first = withdrawal.firstApproval ?? null;
  const mine = first !== null && me !== undefined && first.adminId === me;
  const offered = (action: WithdrawalAction) =>
    action === 'reject' ||
    ((action !== 'with-transfer' || withdrawal.currency !== 'TON') &&
      (first === null || mine || first.action === action));
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {SLOTS.map((slot) => {
        const place = { width: slot.width, flex: `0 0 ${slot.width}px` };
        if (!offered(slot.action)) return <span key={slot.action} style={place} data-slot="empty" />;
        const approval = slot.action !== 'reject';
        const refused = approval && mine;
        const button = (
          <Button
            key={slot.action}
            size="small"
            block
            type={slot.action === 'with-transfer' ? 'primary' : 'default'}
            danger={!approval}
            disabled={disabled || refused}
            // The wrapper gets the pointer, so the tooltip shows over a disabled button too.
            style={refused ? { pointerEvents: 'none' } : place}
            aria-label={`${slot.label} ${label}`}
            onClick={() => onDecide(slot.action, withdrawal)}
          >
            {slot.label}
          </Button>
        );
        if (!refused) return button;
        return (
          <Tooltip key={slot.action} title={FIRST_APPROVER_REFUSAL} trigger={['hover', 'focus']}>
            <span tabIndex={0} style={{ ...place, display: 'inline-block', cursor: 'not-allowed' }}>
              {button}
            </span>
          </Tooltip>
        );
      })}
    </div>
  );
}
