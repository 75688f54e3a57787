import { Alert, Avatar, Button, Flex, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { presenceText, type PresentAdmin } from '../components/presence-text.ts';

/*
 * Who else is on a record, and a change under an open form (docs/decisions/0028). In the
 * on-demand chunk: only pages with records draw them, and those load the chunk anyway.
 */

// Dark enough that the white initial reads on each (4.5:1 and more), in light and dark mode.
const COLOURS = ['#0958d9', '#531dab', '#006d75', '#9e1068', '#ad2102', '#237804'];

/** An admin's avatar: their initial on a colour of their own (the same in every console). */
export function AdminAvatar({ adminId, username }: Pick<PresentAdmin, 'adminId' | 'username'>) {
  return (
    <Avatar
      size="small"
      aria-hidden
      style={{ background: COLOURS[Math.abs(adminId) % COLOURS.length], color: '#fff', flex: 'none' }}
    >
      {username.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/**
 * Who else is on a record now, each with their avatar and what they do ("finance is editing"):
 * nothing when nobody is. A polite live region, so a screen reader hears someone arrive.
 */
export function PresenceNote({ admins, label }: { admins: readonly PresentAdmin[]; label?: string }) {
  return (
    <div role="status" aria-label={label ?? 'Who else is here'}>
      {admins.length > 0 && (
        <Flex gap="4px 12px" wrap align="center">
          {admins.map((admin) => (
            <Flex key={admin.adminId} gap={6} align="center">
              <AdminAvatar {...admin} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {presenceText(admin)}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
    </div>
  );
}

/**
 * Over an open form whose record someone else changed: "This record changed", and Review
 * changes, which shows what is stored now without dropping what the admin typed.
 */
export function RecordChangedNotice({
  onReview,
  by,
  hint,
}: {
  onReview: () => void;
  by?: string | null;
  /** A line under who changed it: what the form waits for. */
  hint?: string;
}) {
  const lines = [by ? `Changed by ${by} while you were editing.` : null, hint ?? null].filter(
    (line) => line !== null,
  );
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title="This record changed"
      description={lines.length > 0 ? lines.map((line) => <div key={line}>{line}</div>) : undefined}
      action={
        <Button size="small" onClick={onReview}>
          Review changes
        </Button>
      }
    />
  );
}

/** Why an edit form's submit is disabled while its record changed under it. */
export const REVIEW_BEFORE_SAVING = 'Review the changes before you save.';

/**
 * Over an edit form whose record someone else changed (`useFormUnderChange` in the platform):
 * "This record changed" until Review changes, then which fields changed meanwhile, by the
 * form's own labels. Fields the admin typed in keep what was typed. The form does not save
 * until the changes are reviewed (its submit is disabled while `changed`): a save would send the
 * values it opened with and quietly undo the other admin's change.
 */
export function FormChangeNotice({
  changed,
  gone = false,
  by,
  reviewed,
  review,
  labels,
}: {
  changed: boolean;
  gone?: boolean;
  by: string | null;
  reviewed: readonly string[];
  review: () => void;
  labels: Readonly<Record<string, string>>;
}) {
  // After Review changes (whose button goes) the focus moves to what it found, which is read out.
  const found = useRef<HTMLDivElement>(null);
  const hasReviewed = reviewed.length > 0;
  useEffect(() => {
    if (hasReviewed && !changed) found.current?.focus();
  }, [hasReviewed, changed]);
  if (gone)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        style={{ marginBottom: 16 }}
        title="This record was deleted"
        description={[by ? `Deleted by ${by} while you were editing.` : null, 'It can no longer be saved.']
          .filter((line) => line !== null)
          .map((line) => (
            <div key={line}>{line}</div>
          ))}
      />
    );
  if (changed)
    return (
      <div style={{ marginBottom: 16 }}>
        <RecordChangedNotice onReview={review} by={by} hint={REVIEW_BEFORE_SAVING} />
      </div>
    );
  if (!hasReviewed) return null;
  return (
    <div ref={found} tabIndex={-1} aria-label="Changed meanwhile" role="group">
      <Alert
        type="info"
        showIcon
        role="status"
        style={{ marginBottom: 16 }}
        title="Changed meanwhile"
        description={
          <>
            <ul aria-label="Changed meanwhile" style={{ margin: 0, paddingInlineStart: 20 }}>
              {reviewed.map((key) => (
                <li key={key}>{labels[key] ?? key}</li>
              ))}
            </ul>
            Fields you had changed keep what you typed.
          </>
        }
      />
    </div>
  );
}
