import type { CSSProperties, ReactNode } from 'react';
import { theme } from '../antd.ts';

/**
 * Headings and text in the theme's type scale and colours, without antd's Typography: the
 * components a first page draws (page header, loading, empty and error states, figures) use
 * these, so the dashboard does not wait for Typography's on-demand chunk (antd.ts). Pages and
 * remotes keep using Typography.
 */
type Tone = 'default' | 'secondary' | 'danger';

const TONE_TOKEN = { default: 'colorText', secondary: 'colorTextSecondary', danger: 'colorError' } as const;

interface PlainTextProps {
  children: ReactNode;
  tone?: Tone;
  strong?: boolean;
  id?: string;
  style?: CSSProperties;
}

export function PlainText({ children, tone = 'default', strong, id, style }: PlainTextProps) {
  const { token } = theme.useToken();
  return (
    <span
      id={id}
      style={{
        color: token[TONE_TOKEN[tone]],
        fontWeight: strong ? token.fontWeightStrong : undefined,
        ...style,
      }}
    >
      {children}
    </span>
  );
}

interface PlainHeadingProps {
  children: ReactNode;
  level: 1 | 2 | 3 | 4;
  style?: CSSProperties;
}

export function PlainHeading({ children, level, style }: PlainHeadingProps) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      style={{
        margin: 0,
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** Text a screen reader reads and the screen does not show (a short label's full words). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span style={VISUALLY_HIDDEN}>{children}</span>;
}
