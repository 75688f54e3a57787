import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { theme } from '../antd.ts';

interface PanelProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Header text; the header is left out without one. */
  title?: ReactNode;
  /** antd Card's two sizes: `small` (12 px padding) or `default` (24 px). */
  size?: 'small' | 'default';
  /** A busy placeholder instead of the children (announced with aria-busy). */
  loading?: boolean;
  children?: ReactNode;
}

/**
 * A bordered box with an optional title, drawn like antd's Card (same tokens: container
 * background, secondary border, large radius, header rule). For the first page: antd's Card
 * brings its tabs and skeleton code (about 15 KB gzip), which a stat or a top-10 list never
 * uses. Everything else uses `Card`.
 */
export function Panel({ title, size = 'default', loading, children, style, ...rest }: PanelProps) {
  const { token } = theme.useToken();
  const small = size === 'small';
  const pad = small ? token.paddingSM : token.paddingLG;
  const box: CSSProperties = {
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
    ...style,
  };
  return (
    <div {...rest} style={box} aria-busy={loading || undefined}>
      {title !== undefined && (
        <div
          style={{
            minHeight: small ? 38 : 56,
            display: 'flex',
            alignItems: 'center',
            padding: `0 ${pad}px`,
            borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            fontWeight: token.fontWeightStrong,
            fontSize: small ? token.fontSize : token.fontSizeLG,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </div>
      )}
      <div style={{ padding: pad }}>
        {loading ? (
          <div aria-hidden="true" style={{ display: 'grid', gap: token.marginXS }}>
            {[60, 100, 80].map((w) => (
              <div
                key={w}
                style={{
                  height: 16,
                  width: `${w}%`,
                  borderRadius: token.borderRadiusSM,
                  background: token.colorFillSecondary,
                }}
              />
            ))}
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
