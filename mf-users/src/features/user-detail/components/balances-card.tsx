import { useCan } from '@manager/platform';
import { AUDIT_REASON_MAX, type UserSummary } from '@manager/contract';
import { Button, Card, Col, Input, Row, Space, Statistic, Typography, type InputRef } from '@manager/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { BalanceChanges, FieldError } from './balance-changes';
import { BalancesChangedError, useUpdateBalances } from '../api/update-balances';
import {
  BALANCE_FIELDS,
  changesOf,
  formOf,
  inputError,
  reasonError,
  requestOf,
  summaryOf,
  type BalanceForm,
} from '../model/balance-fields';

/**
 * Balances with Edit / Save / Cancel: Save stores and returns to view, Cancel discards. A save
 * carries the figures the form opened with; when another change stored different ones
 * meanwhile, the API refuses it and the form opens again on the current figures (the toast says
 * why): the admin re-applies their edit to what is stored now, instead of a second Save quietly
 * undoing the other change. Every save says why (a required Reason, kept in the audit trail).
 * A field takes a new value or a change ("+100", "-50"); what Save changes ("Stars Balance:
 * 195 -> 295") shows under the fields and again in "Confirm it's you".
 * The focus stays with the form: Edit puts it on the first figure, a missing reason on Reason,
 * Save and Cancel back on Edit (the buttons pressed are gone).
 */
export function BalancesCard({ user }: { user: UserSummary }) {
  const [form, setForm] = useState<BalanceForm | null>(null);
  // Only an admin who may change balances (Finance, Owner) is offered Edit; the API refuses the rest.
  const canEdit = useCan('users.balances.edit');
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const reasonHelpId = useId();
  const save = useUpdateBalances(String(user.telegramId));
  const editing = form !== null;
  const firstField = useRef<InputRef>(null);
  const reasonField = useRef<InputRef>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [focusTo, setFocusTo] = useState<'first' | 'reason' | 'edit' | null>(null);
  useEffect(() => {
    if (!focusTo) return;
    const target = { first: firstField, reason: reasonField, edit: editButton }[focusTo].current;
    target?.focus();
    setFocusTo(null);
  }, [focusTo]);

  const open = (next: BalanceForm | null) => {
    setForm(next);
    setReasonProblem(null);
    setFocusTo(next ? 'first' : 'edit');
  };

  const changes = form && changesOf(form);
  const summary = changes ? summaryOf(changes) : [];

  const onSave = () => {
    if (!form || !changes) return;
    const problem = reasonError(form.reason);
    setReasonProblem(problem);
    if (problem) {
      setFocusTo('reason');
      return;
    }
    if (inputError(changes)) return;
    save.mutate(
      { body: requestOf(form), summary },
      {
        onSuccess: () => open(null),
        onError: (error) => {
          // The reason still holds for the edit made again on the current figures.
          if (error instanceof BalancesChangedError)
            open(error.current ? formOf(error.current, form.reason) : null);
        },
      },
    );
  };

  const actions = editing ? (
    <Space>
      <Button type="primary" onClick={onSave} loading={save.isPending}>
        Save
      </Button>
      <Button onClick={() => open(null)} disabled={save.isPending}>
        Cancel
      </Button>
    </Space>
  ) : canEdit ? (
    <Button ref={editButton} onClick={() => open(formOf(user))}>
      Edit
    </Button>
  ) : null;

  return (
    <Card title="Balances" extra={actions} size="small" role="region" aria-label="Balances">
      <Row gutter={[16, 16]}>
        {BALANCE_FIELDS.map(({ key, label, decimals }, index) => (
          <Col key={key} xs={12} md={8}>
            {editing && changes ? (
              <>
                <label style={{ display: 'block' }}>
                  <span style={{ display: 'block', marginBottom: 4 }}>{label}</span>
                  <Input
                    ref={index === 0 ? firstField : undefined}
                    // Text, not a number input: a change is typed with its sign ("+100").
                    autoComplete="off"
                    value={form.draft[key]}
                    aria-invalid={changes[key].error !== null}
                    aria-describedby={changes[key].error ? `${reasonHelpId}-${key}` : undefined}
                    status={changes[key].error ? 'error' : undefined}
                    onChange={(e) => setForm({ ...form, draft: { ...form.draft, [key]: e.target.value } })}
                    onPressEnter={onSave}
                  />
                </label>
                <FieldError id={`${reasonHelpId}-${key}`} error={changes[key].error} />
              </>
            ) : (
              <Statistic title={label} value={user[key]} precision={decimals ? 2 : 0} />
            )}
          </Col>
        ))}
        {editing && (
          <Col xs={24}>
            <BalanceChanges lines={summary} />
            <label style={{ display: 'block' }}>
              <span style={{ display: 'block', marginBottom: 4 }}>
                Reason{' '}
                <Typography.Text type="danger" aria-hidden>
                  *
                </Typography.Text>
              </span>
              <Input
                ref={reasonField}
                value={form.reason}
                maxLength={AUDIT_REASON_MAX}
                aria-required
                required
                aria-invalid={reasonProblem !== null}
                aria-describedby={reasonProblem ? reasonHelpId : undefined}
                status={reasonProblem ? 'error' : undefined}
                onChange={(e) => setForm({ ...form, reason: e.target.value })}
                onPressEnter={onSave}
              />
            </label>
            {reasonProblem && (
              <Typography.Text id={reasonHelpId} type="danger" role="alert">
                {reasonProblem}
              </Typography.Text>
            )}
          </Col>
        )}
      </Row>
    </Card>
  );
}
