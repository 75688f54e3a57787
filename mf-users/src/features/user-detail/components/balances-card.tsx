import type { UserSummary } from '@manager/contract';
import { Button, Card, Col, Input, Row, Space, Statistic } from '@manager/ui';
import { useState } from 'react';
import { useUpdateBalances } from '../api/update-balances';
import { BALANCE_FIELDS, draftOf, requestOf, type BalanceDraft } from '../model/balance-fields';

/** Balances with Edit / Save / Cancel: Save stores and returns to view, Cancel discards. */
export function BalancesCard({ user }: { user: UserSummary }) {
  const [draft, setDraft] = useState<BalanceDraft | null>(null);
  const save = useUpdateBalances(String(user.telegramId));
  const editing = draft !== null;

  const onSave = () => {
    if (!draft) return;
    save.mutate(requestOf(draft), { onSuccess: () => setDraft(null) });
  };

  const actions = editing ? (
    <Space>
      <Button type="primary" onClick={onSave} loading={save.isPending}>
        Save
      </Button>
      <Button onClick={() => setDraft(null)} disabled={save.isPending}>
        Cancel
      </Button>
    </Space>
  ) : (
    <Button onClick={() => setDraft(draftOf(user))}>Edit</Button>
  );

  return (
    <Card title="Balances" extra={actions} size="small" role="region" aria-label="Balances">
      <Row gutter={[16, 16]}>
        {BALANCE_FIELDS.map(({ key, label, decimals }) => (
          <Col key={key} xs={12} md={8}>
            {editing ? (
              <label style={{ display: 'block' }}>
                <span style={{ display: 'block', marginBottom: 4 }}>{label}</span>
                <Input
                  type="number"
                  inputMode={decimals ? 'decimal' : 'numeric'}
                  step={decimals ? 0.01 : 1}
                  min={0}
                  value={draft[key]}
                  onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                  onPressEnter={onSave}
                />
              </label>
            ) : (
              <Statistic title={label} value={user[key]} precision={decimals ? 2 : 0} />
            )}
          </Col>
        ))}
      </Row>
    </Card>
  );
}
