import type { ReactNode } from 'react';
import { Button, Flex, Spin } from '../antd.ts';
import { InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { PlainHeading, PlainText } from './plain-text.tsx';

const box = { padding: '48px 16px', textAlign: 'center' as const };

interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** e.g. a "Create" or "Back" button. */
  action?: ReactNode;
}

/** "No games found / Try adjusting your search terms" and the like. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <Flex vertical align="center" gap={8} style={box}>
      <span aria-hidden="true" style={{ fontSize: 40, color: '#bfbfbf' }}>
        {icon ?? <InboxOutlined />}
      </span>
      <PlainHeading level={2} style={{ fontSize: 18 }}>
        {title}
      </PlainHeading>
      {description && <PlainText tone="secondary">{description}</PlainText>}
      {action}
    </Flex>
  );
}

interface LoadingStateProps {
  title?: ReactNode;
  text?: ReactNode;
}

/** Spinner with a title, e.g. "Loading Dashboard" / "Fetching platform statistics...". */
export function LoadingState({ title = 'Loading...', text }: LoadingStateProps) {
  return (
    <Flex vertical align="center" gap={12} style={box} role="status" aria-live="polite">
      <Spin size="large" />
      <PlainText strong>{title}</PlainText>
      {text && <PlainText tone="secondary">{text}</PlainText>}
    </Flex>
  );
}

interface ErrorStateProps {
  message: ReactNode;
  title?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** More buttons next to Retry (e.g. Cancel, Back to Users). */
  extra?: ReactNode;
}

/** An error box announced to screen readers, with an optional Retry. */
export function ErrorState({ message, title, onRetry, retryLabel = 'Retry', extra }: ErrorStateProps) {
  return (
    <Flex vertical align="center" gap={8} style={box} role="alert">
      <span aria-hidden="true" style={{ fontSize: 36, color: '#ff4d4f' }}>
        <WarningOutlined />
      </span>
      {title && <PlainText strong>{title}</PlainText>}
      <PlainText tone="danger">{message}</PlainText>
      {(onRetry || extra) && (
        <Flex gap={8} wrap justify="center">
          {onRetry && (
            <Button type="primary" onClick={onRetry}>
              {retryLabel}
            </Button>
          )}
          {extra}
        </Flex>
      )}
    </Flex>
  );
}
