import type { ReactNode } from 'react';
import { Flex } from '../antd.ts';
import { PlainHeading, PlainText } from './plain-text.tsx';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Actions on the right (buttons, counts); they wrap below the title on narrow screens. */
  extra?: ReactNode;
}

/** The one h1 of a page, its subtitle and its actions. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  return (
    <Flex
      component="header"
      justify="space-between"
      align="flex-start"
      wrap
      gap={12}
      style={{ marginBottom: 16 }}
    >
      <div>
        <PlainHeading level={1} style={{ fontSize: 24 }}>
          {title}
        </PlainHeading>
        {subtitle !== undefined && subtitle !== null && subtitle !== '' && (
          <p style={{ margin: '4px 0 0' }}>
            <PlainText tone="secondary">{subtitle}</PlainText>
          </p>
        )}
      </div>
      {extra && (
        <Flex gap={8} wrap align="center">
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
