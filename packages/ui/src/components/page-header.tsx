import type { ReactNode } from 'react';
import { Flex, Typography } from '../antd';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Actions on the right (buttons, counts); they wrap below the title on narrow screens. */
  extra?: ReactNode;
}

/** The one h1 of a page, its subtitle and its actions. */
export function PageHeader({ title, subtitle, extra }: PageHeaderProps) {
  return (
    <Flex component="header" justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 16 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle !== undefined && subtitle !== null && subtitle !== '' && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
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
