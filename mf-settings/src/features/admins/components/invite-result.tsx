import type { InviteAdminResponse } from '@manager/contract';
import { copyText } from '@manager/platform';
import { Alert, Button, CopyOutlined, Flex, formatDateTime, Input, Space, Typography } from '@manager/ui';

/**
 * The answer to an invitation: the one-time link (whole, to copy), when it stops working, and
 * that the roles wait for a second Owner. The link is shown here only: the server keeps a hash.
 */
export function InviteResult({ result, onDone }: { result: InviteAdminResponse; onDone: () => void }) {
  const url = new URL(result.link, window.location.origin).href;
  return (
    <Flex vertical gap={16}>
      <Alert
        type="success"
        showIcon
        title={`Invitation created for ${result.admin.username}`}
        description="Send them this link. It works once and lets them set their password and authenticator."
      />
      <div>
        <label htmlFor="invite-link">
          <Typography.Text strong>Enrolment link</Typography.Text>
        </label>
        <Space.Compact style={{ width: '100%', marginTop: 4 }}>
          <Input id="invite-link" value={url} readOnly style={{ fontFamily: 'monospace' }} />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyText(url, 'Link copied')}>
            Copy
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
          Expires {formatDateTime(result.expiresAt)}.
        </Typography.Paragraph>
      </div>
      <Alert
        type="info"
        showIcon
        title="Waiting for a second Owner's approval"
        description="Their roles are granted once another Owner approves the request under Awaiting approval."
      />
      <Button type="primary" onClick={onDone} style={{ alignSelf: 'flex-start' }}>
        Done
      </Button>
    </Flex>
  );
}
