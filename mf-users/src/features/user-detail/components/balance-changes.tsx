import type { BalanceValues } from '@manager/contract';
import { Typography } from '@manager/ui';
import { BALANCE_FIELDS } from '../model/balance-fields';

/**
 * What someone else changed while the form was open, as Review changes found it ("Stars
 * Balance: 195 -> 295"): the form now works from these figures.
 */
export function ChangedMeanwhile({ was, now }: { was: BalanceValues; now: BalanceValues }) {
  const lines = BALANCE_FIELDS.filter(({ key }) => was[key] !== now[key]).map(
    ({ key, label }) => `${label}: ${was[key]} -> ${now[key]}`,
  );
  return (
    <div style={{ marginBottom: 12 }} role="status">
      <Typography.Text strong>Changed meanwhile</Typography.Text>
      {lines.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          No balance changed; your changes apply as typed.
        </Typography.Paragraph>
      ) : (
        <ul aria-label="Changed meanwhile" style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What Save changes, one line a figure ("Stars Balance: 195 -> 295"); nothing while no figure changes. */
export function BalanceChanges({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div style={{ marginBottom: 12 }}>
      <Typography.Text strong>Changes to save</Typography.Text>
      <ul aria-label="Changes to save" style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/** Why a balance field cannot be saved, tied to its input by `id` (aria-describedby). */
export function FieldError({ id, error }: { id: string; error: string | null }) {
  if (!error) return null;
  return (
    <Typography.Text id={id} type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
      {error}
    </Typography.Text>
  );
}
