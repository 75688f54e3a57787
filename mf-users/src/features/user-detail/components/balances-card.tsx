import type { UserSummary } from '@manager/contract';
import { Button, Card, Col, Input, Row, Space, Statistic } from '@manager/ui';
import { useState } from 'react';
import { BalancesChangedError, useUpdateBalances } from '../api/update-balances';
import { BALANCE_FIELDS, formOf, requestOf, type BalanceForm } from '../model/balance-fields';

/**
 * Balances with Edit / Save / Cancel: Save stores and returns to view, Cancel discards. A save
 * carries the figures the form opened with; when another change stored different ones
 * meanwhile, the API refuses it and the form opens again on the current figures (the toast says
 * why): the admin re-applies their edit to what is stored now, instead of a second Save quietly
 * undoing the other change.
 */
export function BalancesCard({ user }: { user: UserSummary }) {
  const [form, setForm] = useState<BalanceForm | null>(null);
  const save = useUpdateBalances(String(user.telegramId));
  const editing = form !== null;

  const onSave = () => {
    if (!form) return;
    save.mutate(requestOf(form), {
      onSuccess: () => setForm(null),
      onError: (error) => {
        if (error instanceof BalancesChangedError) setForm(error.current ? formOf(error.current) : null);
      },
    });
  };

  const actions = editing ? (
    <Space>
      <Button type="primary" onClick={onSave} loading={save.isPending}>
        Save
      </Button>
      <Button onClick={() => setForm(null)} disabled={save.isPending}>
        Cancel
      </Button>
    </Space>
  ) : (
    <Button onClick={() => setForm(formOf(user))}>Edit</Button>
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
                  value={form.draft[key]}
                  onChange={(e) => setForm({ ...form, draft: { ...form.draft, [key]: e.target.value } })}
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
