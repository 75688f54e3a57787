import type { Currency } from '@manager/contract';
import type { GlobalToken } from 'antd';
import { theme } from '../antd.ts';

// Label colours from the theme's palettes, in shades that keep 4.5:1 contrast on a white or
// hovered (#fafafa) row in the light theme (#003eb3, #874d00, #a8071a, #391085) and on a dark
// or hovered (#262626) row in the dark one, whose palettes run the other way (#65a9f3,
// #f8df8b, #f37370, #ab7ae0).
const GLYPHS: Record<Currency, { glyph: string; label: string; color: keyof GlobalToken }> = {
  TON: { glyph: '💎', label: 'TON', color: 'blue8' },
  STAR: { glyph: '⭐', label: 'Stars', color: 'gold9' },
  RED_CHIP: { glyph: '🔴', label: 'Red Chip', color: 'red8' },
  PLAY: { glyph: '🎮', label: 'Play', color: 'purple8' },
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
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: size, lineHeight: 1 }}>
      <span role="img" aria-label={label} title={label}>
        {known?.glyph ?? '¤'}
      </span>
      {withLabel && <span style={{ color: known ? String(token[known.color]) : undefined }}>{label}</span>}
    </span>
  );
}
