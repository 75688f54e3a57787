import type { Currency } from '@manager/contract';

// Label colours keep 4.5:1 contrast on white and on a hovered table row (#fafafa).
const GLYPHS: Record<Currency, { glyph: string; label: string; color: string }> = {
  TON: { glyph: '💎', label: 'TON', color: '#0077b6' },
  STAR: { glyph: '⭐', label: 'Stars', color: '#a06000' },
  RED_CHIP: { glyph: '🔴', label: 'Red Chip', color: '#cf1322' },
  PLAY: { glyph: '🎮', label: 'Play', color: '#722ed1' },
};

interface CurrencyIconProps {
  currency: Currency | string;
  /** Also print the currency name after the glyph. */
  withLabel?: boolean;
  size?: number;
}

/** A small glyph for a currency (no network); unknown currencies show their code. */
export function CurrencyIcon({ currency, withLabel, size = 14 }: CurrencyIconProps) {
  const known = GLYPHS[currency as Currency];
  const label = known?.label ?? currency;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: size, lineHeight: 1 }}>
      <span role="img" aria-label={label} title={label}>
        {known?.glyph ?? '¤'}
      </span>
      {withLabel && <span style={{ color: known?.color }}>{label}</span>}
    </span>
  );
}
