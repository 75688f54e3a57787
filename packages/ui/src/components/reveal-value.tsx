import { useState } from 'react';
import { Button, Typography } from '../antd.ts';

/** What a reveal answers: the whole value, and a transaction id's explorer link. */
export interface RevealedValue {
  value: string;
  link: string | null;
}

interface RevealValueProps {
  /** The value as the API gives it: masked (`UQAb…x9Zk`); null: nothing (`-`). */
  masked: string | null;
  /** What it is, in words, for the button's accessible name: `Reveal wallet`. */
  label: string;
  /** Loads the whole value (an audited call); absent: the admin may not reveal, no button. */
  reveal?: () => Promise<RevealedValue>;
}

/**
 * A wallet or transaction id as the API masks it (docs/security.md, Personal data), with "Reveal"
 * for an admin who may see it whole: the whole value then shows in place, for this render only,
 * with Copy (and its link, when it has one). A reload masks it again.
 */
export function RevealValue({ masked, label, reveal }: RevealValueProps) {
  const [whole, setWhole] = useState<RevealedValue | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (masked === null) return <>-</>;
  if (whole) {
    // A 64-character hash breaks anywhere: on a phone's card it must not widen the page.
    const copy = { text: whole.value, tooltips: ['Copy', 'Copied'] };
    return (
      <span style={{ wordBreak: 'break-all' }}>
        {whole.link ? (
          <>
            <a href={whole.link} target="_blank" rel="noreferrer">
              {whole.value}
            </a>
            <Typography.Text copyable={copy} />
          </>
        ) : (
          <Typography.Text copyable={copy}>{whole.value}</Typography.Text>
        )}
      </span>
    );
  }
  const onReveal = async () => {
    if (!reveal) return;
    setLoading(true);
    setError(null);
    try {
      setWhole(await reveal());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Reveal failed');
    } finally {
      setLoading(false);
    }
  };
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <span title={`${label} (masked)`}>{masked}</span>
      {reveal && (
        <Button type="link" size="small" loading={loading} onClick={onReveal} aria-label={`Reveal ${label}`}>
          Reveal
        </Button>
      )}
      {error && (
        <Typography.Text type="danger" role="alert" style={{ whiteSpace: 'normal' }}>
          {' '}
          {error}
        </Typography.Text>
      )}
    </span>
  );
}
