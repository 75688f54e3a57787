import type { StarsPayment, TonPayment } from '@manager/contract';
import {
  formatDateTime,
  ListEmptyState,
  formatEnum,
  formatDecimals,
  RevealValue,
  tableScrollX,
} from '@manager/ui';
import { Card, Flex, Table, Tag, Typography, type TableColumnsType } from '@manager/ui';
import { PlayerLink, revealPersonalData, useCan } from '@manager/platform';
import type { PaymentKind } from '../api/get-payments';

type Payment = TonPayment | StarsPayment;

const userOf = (p: Payment) => p.user?.username ?? p.user?.firstName ?? String(p.telegramId);
const user = (p: Payment) => <PlayerLink telegramId={p.telegramId}>{userOf(p)}</PlayerLink>;
const txOf = (p: Payment) => ('transactionId' in p ? p.transactionId : null);
const status = (p: Payment) =>
  p.status ? <Tag color="green">Completed</Tag> : <Tag color="orange">Pending</Tag>;

/**
 * A TON payment's transaction id as the API masks it (it replaces the brief's first 8 / 16
 * characters); "Reveal" shows it whole with its explorer link to an admin holding `pii.reveal`.
 */
function TxId({ payment, canReveal }: { payment: Payment; canReveal: boolean }) {
  return (
    <RevealValue
      masked={txOf(payment)}
      label="transaction id"
      reveal={canReveal ? () => revealPersonalData('payment.transactionId', payment.id) : undefined}
    />
  );
}

interface PaymentListProps {
  kind: PaymentKind;
  rows: readonly Payment[];
  loading: boolean;
  phone: boolean;
  /** Whether the search or a filter narrows the list, and its Clear Filters (the empty state offers it). */
  filtered: boolean;
  onClear: () => void;
}

/** Desktop table or phone cards; TON amounts with 2 decimals, Stars with 0. */
export function PaymentList({ kind, rows, loading, phone, filtered, onClear }: PaymentListProps) {
  const canReveal = useCan('pii.reveal');
  const digits = kind === 'ton' ? 2 : 0;
  const unit = kind === 'ton' ? 'TON' : 'Stars';
  const money = (v: number) => `${formatDecimals(v, digits)} ${unit}`;
  const empty = <ListEmptyState title="No payments found" filtered={filtered} onClear={onClear} />;
  if (phone) {
    if (!loading && rows.length === 0) return empty;
    return (
      <Flex vertical gap={8}>
        {rows.map((p) => (
          <Card key={p.id} size="small" data-testid="payment-card">
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong>{user(p)}</Typography.Text>
              {status(p)}
            </Flex>
            <div style={{ fontSize: 18, fontWeight: 600 }}>{money(p.amount)}</div>
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              Fee {money(p.fee)} · {formatEnum(p.type)}
            </Typography.Text>
            {kind === 'ton' && (
              <div>
                Tx: <TxId payment={p} canReveal={canReveal} />
              </div>
            )}
            <Typography.Text type="secondary">{formatDateTime(p.createdAt)}</Typography.Text>
          </Card>
        ))}
      </Flex>
    );
  }
  const columns: TableColumnsType<Payment> = [
    ...(kind === 'ton'
      ? [
          {
            title: 'Transaction',
            key: 'tx',
            render: (_: unknown, p: Payment) => <TxId payment={p} canReveal={canReveal} />,
          },
        ]
      : []),
    { title: 'User', key: 'user', render: (_, p) => user(p) },
    { title: 'Type', key: 'type', render: (_, p) => formatEnum(p.type) },
    ...(kind === 'ton'
      ? [
          {
            title: 'Product',
            key: 'product',
            render: (_: unknown, p: Payment) => {
              const product = 'product' in p ? p.product : null;
              return product ? `${formatDecimals(product.amount, 2)} ${product.product}` : '-';
            },
          },
        ]
      : []),
    { title: 'Amount', key: 'amount', align: 'right', render: (_, p) => money(p.amount) },
    { title: 'Fee', key: 'fee', align: 'right', render: (_, p) => money(p.fee) },
    { title: 'Status', key: 'status', render: (_, p) => status(p) },
    { title: 'Date', key: 'date', render: (_, p) => formatDateTime(p.createdAt) },
  ];
  return (
    <Table<Payment>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows as Payment[]}
      columns={columns}
      pagination={false}
      // While a page loads the spinner stands alone: "no rows" is said only of an answer.
      locale={{ emptyText: loading ? null : empty }}
      {...tableScrollX()}
    />
  );
}
