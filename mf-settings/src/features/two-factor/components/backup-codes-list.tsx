import { copyText } from '@manager/platform';
import { CopyOutlined } from '@manager/ui';
import { Alert, Button, Flex, Typography } from '@manager/ui';
import { TWO_FACTOR_MESSAGES } from '../api/messages';

/** The codes in a grid, Copy All Codes, and the warning to keep them safe. */
export function BackupCodesList({ codes }: { codes: string[] }) {
  return (
    <Flex vertical gap={12}>
      <Alert
        type="warning"
        showIcon
        title="Store these backup codes in a safe place."
        description="Each code signs you in once if you lose your authenticator. They are not shown again."
      />
      <ul
        aria-label="Backup codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))',
          gap: 8,
          padding: 0,
          margin: 0,
          listStyle: 'none',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code copyable={false} style={{ fontSize: 14 }}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ul>
      <Button
        icon={<CopyOutlined aria-hidden />}
        onClick={() => void copyText(codes.join('\n'), TWO_FACTOR_MESSAGES.codesCopied)}
      >
        Copy All Codes
      </Button>
    </Flex>
  );
}
