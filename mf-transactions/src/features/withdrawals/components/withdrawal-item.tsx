import type { Withdrawal } from '@manager/contract';
import { formatDecimals, shortId } from '@manager/ui';
import { Tag, Typography } from '@manager/ui';

/** Item: the gift's name and inventory id (first 8 characters), or the TON amount. */
export function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  if (w.currency === 'TON') {
    return <span>{formatDecimals(w.price, 2)} TON</span>;
  }
  return (
    <div>
      <div>{w.inventory?.name ?? 'Gift'}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        ID: {shortId(w.inventoryId, 8)} · {formatDecimals(w.price, 2)} TON
      </Typography.Text>
    </div>
  );
}

/** Status: approved is Completed, otherwise Pending (with the last transfer failure, if any). */
export function WithdrawalStatus({ withdrawal: w }: { withdrawal: Withdrawal }) {
  if (w.status) return <Tag color="green">Completed</Tag>;
  return (
    <span>
      <Tag color="orange">Pending</Tag>
      {w.failureReason && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
          Last transfer failed: {w.failureReason}
        </Typography.Text>
      )}
    </span>
  );
}
