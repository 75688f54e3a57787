import { useId, type ReactNode } from 'react';
import type { CSSProperties } from 'react';
import { Col, Flex, Row } from '../antd.ts';
import { PlainText } from './plain-text.tsx';
import { Panel } from './panel.tsx';

interface StatCardProps {
  title: string;
  /** Already formatted by the caller (see abbreviateNumber / formatDecimals). */
  value: ReactNode;
  icon?: ReactNode;
  /** Accent for the icon and value, e.g. '#0958d9'; the value is large text, so it needs 3:1 on white (green-7, orange-7, not -6). */
  color?: string;
  loading?: boolean;
  /** Small text under the value. */
  hint?: ReactNode;
}

/** A labelled figure; screen readers announce it as a group named by its title. */
export function StatCard({ title, value, icon, color, loading, hint }: StatCardProps) {
  const titleId = useId();
  return (
    <Panel size="small" loading={loading} role="group" aria-labelledby={titleId} style={{ height: '100%' }}>
      <Flex justify="space-between" align="center" gap={12}>
        <div style={{ minWidth: 0 }}>
          <PlainText tone="secondary" id={titleId}>
            {title}
          </PlainText>
          <div style={{ fontSize: 24, fontWeight: 600, color, overflowWrap: 'anywhere' }}>{value}</div>
          {hint && (
            <PlainText tone="secondary" style={{ fontSize: 12 }}>
              {hint}
            </PlainText>
          )}
        </div>
        {icon && (
          <span aria-hidden="true" style={{ fontSize: 28, color }}>
            {icon}
          </span>
        )}
      </Flex>
    </Panel>
  );
}

/** A page's row of figures: two per line on a phone, four from `md`. */
export function StatRow({ cards, style }: { cards: StatCardProps[]; style?: CSSProperties }) {
  return (
    <Row gutter={[12, 12]} style={style}>
      {cards.map((card) => (
        <Col key={card.title} xs={12} md={6}>
          <StatCard {...card} />
        </Col>
      ))}
    </Row>
  );
}
