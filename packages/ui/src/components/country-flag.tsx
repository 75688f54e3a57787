interface CountryFlagProps {
  /** The flag as stored (usually an emoji such as 🇩🇪). */
  flag?: string | null;
  /** Country name: the accessible label, and shown after the flag when `withName`. */
  name?: string | null;
  withName?: boolean;
}

/** A country's flag emoji with its name for screen readers; a white flag when unknown. */
export function CountryFlag({ flag, name, withName }: CountryFlagProps) {
  const label = name || 'Unknown country';
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span role="img" aria-label={label} title={label}>
        {flag || '🏳️'}
      </span>
      {withName && <span>{name || 'Unknown'}</span>}
    </span>
  );
}
