import type { Withdrawal, WithdrawalAction } from '@manager/contract';
import { Button, Flex, Typography } from '@manager/ui';

interface DecisionButtonsProps {
  withdrawal: Withdrawal;
  /** A decision is in flight (or being confirmed): every button waits. */
  disabled: boolean;
  onDecide: (action: WithdrawalAction, withdrawal: Withdrawal) => void;
}

/** Pending rows: approve with gift transfer (not for TON), approve without, reject. */
export function DecisionButtons({ withdrawal, disabled, onDecide }: DecisionButtonsProps) {
  if (withdrawal.status) return <Typography.Text type="success">Processed</Typography.Text>;
  const label = `withdrawal ${withdrawal.id}`;
  return (
    <Flex gap={6} wrap>
      {withdrawal.currency !== 'TON' && (
        <Button
          size="small"
          type="primary"
          disabled={disabled}
          aria-label={`Approve with transfer ${label}`}
          onClick={() => onDecide('with-transfer', withdrawal)}
        >
          Approve with transfer
        </Button>
      )}
      <Button
        size="small"
        disabled={disabled}
        aria-label={`Approve without transfer ${label}`}
        onClick={() => onDecide('without-transfer', withdrawal)}
      >
        Approve without transfer
      </Button>
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
