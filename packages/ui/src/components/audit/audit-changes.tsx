import { Typography } from '../../antd.ts';
import { auditChanges, type AuditFields } from '../../format/audit.ts';
import { formatFieldName } from '../../format/words.ts';

const list = { listStyle: 'none', margin: 0, padding: 0, overflowWrap: 'anywhere' as const };

interface AuditChangesProps {
  before: AuditFields;
  after: AuditFields;
  /** Why the admin made the change, when they said. */
  reason?: string | null;
}

/**
 * An audit row's changes, one line per field, named in words: `TON balance: 12.50 TON -> 20.00 TON`. A creation
 * lists the new values, a deletion the old ones; a row with no fields (a sign-in) shows `-`.
 */
export function AuditChanges({ before, after, reason }: AuditChangesProps) {
  const changes = auditChanges(before, after);
  const kind = changes[0]?.kind;
  return (
    <div style={{ minWidth: 0 }}>
      {kind === 'created' && <Typography.Text type="secondary">New values</Typography.Text>}
      {kind === 'removed' && <Typography.Text type="secondary">Old values</Typography.Text>}
      {changes.length === 0 ? (
        <span>-</span>
      ) : (
        <ul style={list}>
          {changes.map((c) => (
            <li key={c.field}>
              <span style={{ fontWeight: 600 }}>{formatFieldName(c.field)}</span>:{' '}
              {c.kind === 'changed' ? `${c.before} -> ${c.after}` : c.kind === 'created' ? c.after : c.before}
            </li>
          ))}
        </ul>
      )}
      {reason && (
        <Typography.Text type="secondary" style={{ display: 'block', overflowWrap: 'anywhere' }}>
          Reason: {reason}
        </Typography.Text>
      )}
    </div>
  );
}
