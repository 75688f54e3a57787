import type { Withdrawal, WithdrawalAction } from '@manager/contract';
import { Alert, formatDecimals, RevealValue, shortId, Typography } from '@manager/ui';
import { revealPersonalData, useCan } from '@manager/platform';

/** A withdrawal's player as the list names them: the username, else the Telegram id. */
export const playerOf = (w: Withdrawal) => w.user?.username ?? String(w.telegramId);

/**
 * What a confirmation states before money moves: the player, the amount and its currency, the
 * wallet and, for a gift, the item (name and inventory id).
 */
export function DecisionDetails({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const gift = w.currency !== 'TON';
  const canReveal = useCan('pii.reveal');
  const items = [
    { key: 'player', label: 'Player', children: `${playerOf(w)} (${w.telegramId})` },
    {
      key: 'amount',
      label: 'Amount',
      children: gift ? `${formatDecimals(w.price, 2)} TON (the gift's value)` : formatDecimals(w.price, 2),
    },
    { key: 'currency', label: 'Currency', children: w.currency },
    {
      key: 'wallet',
      label: 'Wallet',
      // Masked by the API; whole once revealed (docs/security.md, Personal data).
      children: (
        <RevealValue
          masked={w.wallet}
          label="wallet"
          reveal={canReveal ? () => revealPersonalData('withdrawal.wallet', w.id) : undefined}
        />
      ),
    },
    ...(gift
      ? [
          {
            key: 'item',
            label: 'Item',
            children: `${w.inventory?.name ?? 'Gift'} (ID: ${shortId(w.inventoryId, 8)})`,
          },
        ]
      : []),
  ];
  // A description list, not a table: the list's rows stay the only table rows on the page.
  return (
    <dl
      style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px', margin: '0 0 12px' }}
    >
      {items.map((item) => (
        <div key={item.key} style={{ display: 'contents' }}>
          <dt>
            <Typography.Text type="secondary">{item.label}</Typography.Text>
          </dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Shown before an approval that only records a first approval: nothing moves yet. */
export const SECOND_APPROVER_WARNING =
  'This withdrawal needs a second administrator: your approval is recorded, and nothing moves until another administrator confirms it.';

/** Whether approving this row now records a first approval (the threshold, nobody approved yet). */
export const needsSecondApprover = (action: WithdrawalAction, w: Withdrawal) =>
  action !== 'reject' && Boolean(w.needsTwoApprovals) && !w.firstApproval;

/** The second-approver warning, when `action` on `withdrawal` will need one. */
export function SecondApproverWarning({
  action,
  withdrawal,
}: {
  action: WithdrawalAction;
  withdrawal: Withdrawal;
}) {
  if (!needsSecondApprover(action, withdrawal)) return null;
  return <Alert type="warning" showIcon title={SECOND_APPROVER_WARNING} style={{ marginBottom: 12 }} />;
}
