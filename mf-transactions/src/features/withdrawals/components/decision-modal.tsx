import type { PresenceEntry, Withdrawal, WithdrawalAction } from '@manager/contract';
import { AdminAvatar, Alert, Flex, Modal, Typography } from '@manager/ui';
import { DecisionDetails, SecondApproverWarning } from './decision-details';

/** Confirmation texts; the reject warning is as docs/screens.md spells it. */
const CONFIRMATIONS: Record<WithdrawalAction, { title: string; text: string; ok: string }> = {
  'with-transfer': {
    title: 'Approve with transfer',
    text: 'Approve this withdrawal and transfer the gift to the user?',
    ok: 'Approve with transfer',
  },
  'without-transfer': {
    title: 'Approve without transfer',
    text: 'Approve this withdrawal without transferring anything? Use this when the item was sent by hand.',
    ok: 'Approve without transfer',
  },
  reject: {
    title: 'Reject withdrawal',
    text: 'Reject this withdrawal and return the item to the user?',
    ok: 'Reject',
  },
};

interface DecisionModalProps {
  decision: { action: WithdrawalAction; withdrawal: Withdrawal } | null;
  /** Other admins with a decision open on the same withdrawal: the dialog warns before this one proceeds. */
  others: readonly PresenceEntry[];
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * One dialog for the three decisions: what is decided (player, amount, currency, wallet, item)
 * and, before an approval that needs a second administrator, that nothing moves yet. When
 * another admin has a decision open on the same withdrawal, it says so first. Its buttons are
 * disabled while the call is in flight.
 */
export function DecisionModal({ decision, others, busy, onConfirm, onCancel }: DecisionModalProps) {
  const texts = decision ? CONFIRMATIONS[decision.action] : null;
  return (
    <Modal
      open={decision !== null}
      title={texts?.title}
      okText={texts?.ok}
      okButtonProps={{ danger: decision?.action === 'reject', loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {others.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <Flex gap={6} align="center" wrap>
              {others.map((o) => (
                <AdminAvatar key={o.adminId} {...o} />
              ))}
              {`${others.map((o) => o.username).join(', ')} ${others.length > 1 ? 'are' : 'is'} deciding this withdrawal`}
            </Flex>
          }
          description="Agree with them on who decides before you proceed."
        />
      )}
      <Typography.Paragraph>{texts?.text}</Typography.Paragraph>
      {decision && (
        <>
          <Typography.Paragraph type="secondary">Withdrawal #{decision.withdrawal.id}</Typography.Paragraph>
          <DecisionDetails withdrawal={decision.withdrawal} />
          <SecondApproverWarning action={decision.action} withdrawal={decision.withdrawal} />
        </>
      )}
      {decision?.action === 'reject' && (
        <Typography.Paragraph type="danger" strong>
          This action cannot be undone!
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
