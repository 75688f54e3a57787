import type { Withdrawal } from '@manager/contract';
import { formatDateTime, formatDecimals, shortId } from '@manager/ui';
import { Tag, Typography } from '@manager/ui';
import { awaitingSecondApproval } from '../hooks/use-withdrawal-view';

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

const HOW = { 'with-transfer': 'with transfer', 'without-transfer': 'without transfer' } as const;

/** Who gave a large withdrawal's first approval, and which: "Approved by admin (without transfer)". */
export function firstApprovalText(w: Withdrawal): string | null {
  if (!w.firstApproval) return null;
  const who = w.firstApproval.adminUsername ?? `admin #${w.firstApproval.adminId}`;
  return `Approved by ${who} (${HOW[w.firstApproval.action]})`;
}

/** Who rejected a withdrawal and when: "Rejected by admin2fa, Nov 29, 2026 14:02". */
export function rejectionText(w: Withdrawal): string | null {
  if (!w.rejection) return null;
  const who = w.rejection.adminUsername ?? `admin #${w.rejection.adminId ?? '?'}`;
  return `Rejected by ${who}, ${formatDateTime(w.rejection.at)}`;
}

/** Who gave the approval that executed a withdrawal and when: "Approved by finance, Nov 29, 2026 14:02". */
export function approvalText(w: Withdrawal): string | null {
  if (!w.approval) return null;
  const who = w.approval.adminUsername ?? `admin #${w.approval.adminId ?? '?'}`;
  return `Approved by ${who}, ${formatDateTime(w.approval.at)}`;
}

/**
 * Status: approved is Completed, with who approved it and when; rejected is Rejected, with who rejected it and when; a large withdrawal approved once is Awaiting second approval,
 * with who approved and how; otherwise Pending. The last transfer failure shows under either.
 */
export function WithdrawalStatus({ withdrawal: w }: { withdrawal: Withdrawal }) {
  if (w.status)
    return (
      <span>
        <Tag color="green">Completed</Tag>
        {w.approval && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {approvalText(w)}
          </Typography.Text>
        )}
      </span>
    );
  if (w.rejected)
    return (
      <span>
        <Tag color="red">Rejected</Tag>
        {w.rejection && (
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {rejectionText(w)}
          </Typography.Text>
        )}
      </span>
    );
  const awaiting = awaitingSecondApproval(w);
  return (
    <span>
      {awaiting ? <Tag color="blue">Awaiting second approval</Tag> : <Tag color="orange">Pending</Tag>}
      {awaiting && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {firstApprovalText(w)}
        </Typography.Text>
      )}
      {w.failureReason && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>
          Last transfer failed: {w.failureReason}
        </Typography.Text>
      )}
    </span>
  );
}
