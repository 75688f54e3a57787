import type { Withdrawal, WithdrawalBatchAction, WithdrawalBatchResult } from '@manager/contract';
import { Alert, formatDecimals, Modal, Tag, Typography } from '@manager/ui';
import { needsSecondApprover, playerOf } from './decision-details';

const TEXTS: Record<WithdrawalBatchAction, { title: string; ok: string; verb: string }> = {
  'without-transfer': {
    title: 'Approve selected without transfer',
    ok: 'Approve without transfer',
    verb: 'Approve',
  },
  reject: { title: 'Reject selected', ok: 'Reject', verb: 'Reject' },
};

const OUTCOMES: Record<WithdrawalBatchResult['outcome'], { text: string; color: string }> = {
  decided: { text: 'Decided', color: 'green' },
  'first-approval': { text: 'Awaiting a second approval', color: 'blue' },
  'already-decided': { text: 'Already decided by someone else', color: 'default' },
  error: { text: 'Error', color: 'red' },
};

/** The sum per currency: TON amounts in TON; gifts counted, with their value in TON. */
export function totalsOf(rows: readonly Withdrawal[]): string[] {
  const ton = rows.filter((w) => w.currency === 'TON');
  const byCurrency = new Map<string, Withdrawal[]>();
  for (const w of rows)
    if (w.currency !== 'TON') byCurrency.set(w.currency, [...(byCurrency.get(w.currency) ?? []), w]);
  const sum = (ws: Withdrawal[]) =>
    formatDecimals(
      ws.reduce((s, w) => s + w.price, 0),
      2,
    );
  return [
    ...(ton.length ? [`${sum(ton)} TON`] : []),
    ...[...byCurrency].map(
      ([currency, ws]) =>
        `${ws.length} ${currency} (${ws.length === 1 ? 'gift' : 'gifts'} worth ${sum(ws)} TON)`,
    ),
  ];
}

interface BatchModalProps {
  batch: { action: WithdrawalBatchAction; rows: Withdrawal[] } | null;
  results: WithdrawalBatchResult[] | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * One confirmation for the selected rows (how many, the total per currency, how many will wait
 * for a second administrator), then each row's own result.
 */
export function BatchModal({ batch, results, busy, onConfirm, onClose }: BatchModalProps) {
  const texts = batch ? TEXTS[batch.action] : null;
  const rows = batch?.rows ?? [];
  const byId = new Map(rows.map((w) => [w.id, w]));
  const waiting = batch ? rows.filter((w) => needsSecondApprover(batch.action, w)).length : 0;
  if (results)
    return (
      <Modal open title="Batch results" onOk={onClose} onCancel={onClose} footer={null} destroyOnHidden>
        <ul aria-label="Batch results" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {results.map((r) => {
            const w = byId.get(r.id);
            return (
              <li key={r.id} style={{ padding: '6px 0', borderBottom: '1px solid rgba(5,5,5,0.06)' }}>
                <Typography.Text strong>
                  #{r.id} {w ? playerOf(w) : ''}
                </Typography.Text>{' '}
                <Tag color={OUTCOMES[r.outcome].color}>{OUTCOMES[r.outcome].text}</Tag>
                {r.outcome !== 'decided' && (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {r.message}
                  </Typography.Text>
                )}
              </li>
            );
          })}
        </ul>
      </Modal>
    );
  return (
    <Modal
      open={batch !== null}
      title={texts?.title}
      okText={texts?.ok}
      okButtonProps={{ danger: batch?.action === 'reject', loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      mask={{ closable: !busy }}
      keyboard={!busy}
      onOk={onConfirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {texts?.verb} {rows.length} {rows.length === 1 ? 'withdrawal' : 'withdrawals'}? Total:{' '}
        {totalsOf(rows).join(', ')}.
      </Typography.Paragraph>
      {waiting > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${waiting} of them need a second administrator: your approval is recorded, and nothing moves until another administrator confirms it.`}
        />
      )}
      {batch?.action === 'reject' && (
        <Typography.Paragraph type="danger" strong>
          This action cannot be undone!
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
