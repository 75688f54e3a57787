import { useCan, usePresence, useRecordChanges } from '@manager/platform';
import { AUDIT_REASON_MAX, type BalanceValues, type UserDetail, type UserSummary } from '@manager/contract';
import {
  Button,
  Card,
  Col,
  Input,
  RecordChangedNotice,
  Row,
  Space,
  Statistic,
  Typography,
  type InputRef,
} from '@manager/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { keys } from '../../../query-keys';
import { BalanceChanges, ChangedMeanwhile, FieldError } from './balance-changes';
import { BalancesChangedError, useUpdateBalances } from '../api/update-balances';
import {
  BALANCE_FIELDS,
  changesOf,
  figuresOf,
  formOf,
  inputError,
  rebase,
  reasonError,
  requestOf,
  summaryOf,
  type BalanceForm,
} from '../model/balance-fields';

/**
 * Balances with Edit / Save / Cancel: Save stores and returns to view, Cancel discards. A save
 * carries the figures the form opened with; when another change stored different ones
 * meanwhile, the API refuses it (the toast says why) and the form keeps what the admin typed.
 * Either way, a change someone else stored under the open form (the event stream says so at
 * once) shows "This record changed" instead of reloading the form: Review changes brings the
 * stored figures in as the form's new basis, lists what changed, and keeps every typed value,
 * so a Save after it is made knowingly, never a quiet undo of the other change. While the form is
 * open, other consoles on this player show "{username} is editing".
 * Every save says why (a required Reason, kept in the audit trail).
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
  const telegramId = String(user.telegramId);
  const save = useUpdateBalances(telegramId);
  const editing = form !== null;
  const client = useQueryClient();
  usePresence('user', telegramId, editing ? 'editing' : null);
  // Another admin's change: a notice while the form is open; the figures read again while it is not.
  const underForm = useRecordChanges('user', telegramId, true);
  const { change, dismiss } = underForm;
  useEffect(() => {
    if (!change || editing) return;
    void client.invalidateQueries({ queryKey: keys.users.detail(telegramId) });
    dismiss();
  }, [change, editing, client, telegramId, dismiss]);
  // A save refused because the figures changed (409): the figures stored now, when it carried them.
  const [refused, setRefused] = useState<UserSummary | 'unknown' | null>(null);
  // What Review changes found: the figures the form had opened with, and those stored now.
  const [reviewed, setReviewed] = useState<{ was: BalanceValues; now: BalanceValues } | null>(null);
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
    setRefused(null);
    setReviewed(null);
    setFocusTo(next ? 'first' : 'edit');
  };

  /** Takes the stored figures as the form's basis (`rebase`: typed values kept), and says what changed. */
  const review = async () => {
    let current: UserSummary | undefined = refused !== null && refused !== 'unknown' ? refused : undefined;
    if (!current) {
      await client.refetchQueries({ queryKey: keys.users.detail(telegramId) });
      current = client.getQueryData<UserDetail>(keys.users.detail(telegramId));
    }
    if (!current) return;
    const now = figuresOf(current);
    setForm((f) => (f ? rebase(f, now) : f));
    setReviewed((r) => ({ was: r?.was ?? form?.seen ?? now, now }));
    setRefused(null);
    underForm.dismiss();
    setFocusTo('first');
  };
  const changedUnder = editing && (underForm.change !== null || refused !== null);

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
          // Lost the race: what the admin typed stays; Review changes shows what is stored now.
          if (error instanceof BalancesChangedError) setRefused(error.current ?? 'unknown');
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
      {changedUnder && (
        <div style={{ marginBottom: 16 }}>
          <RecordChangedNotice
            onReview={() => void review()}
            by={refused === null ? underForm.change?.actor : null}
          />
        </div>
      )}
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
            {reviewed && <ChangedMeanwhile was={reviewed.was} now={reviewed.now} />}
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
