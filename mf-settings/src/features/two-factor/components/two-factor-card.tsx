import { SafetyCertificateOutlined } from '@manager/ui';
import { useAuthStore } from '@manager/platform';
import { Alert, Button, Card, Flex, Tag } from '@manager/ui';
import { useState } from 'react';
import { usePasskeys } from '../api/get-passkeys';
import { DisableModal } from './disable-modal';
import { PasskeysSection } from './passkeys-section';
import { RegenerateModal } from './regenerate-modal';
import { SetupModal } from './setup-modal';

type Open = 'setup' | 'disable' | 'regenerate' | null;

/**
 * The admin's own second factors: the authenticator app (its state from the shared auth store,
 * one modal per action) and the passkeys.
 */
export function TwoFactorCard() {
  const enabled = useAuthStore((s) => s.admin?.twoFactorEnabled ?? false);
  // `twoFactorEnabled` is the authenticator app; passkeys are a second factor too.
  const { data: passkeys } = usePasskeys();
  const passkeyOnly = !enabled && (passkeys?.length ?? 0) > 0;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <SafetyCertificateOutlined aria-hidden />
          <span>Two-Factor Authentication</span>
        </Flex>
      }
      extra={
        <Tag color={enabled || passkeyOnly ? 'green' : 'default'}>
          {enabled || passkeyOnly ? 'Enabled' : 'Disabled'}
        </Tag>
      }
      role="region"
      aria-label="Two-Factor Authentication"
      style={{ marginTop: 24 }}
    >
      {enabled ? (
        <Flex vertical gap={12}>
          <Alert
            type="success"
            showIcon
            title="Your account is protected: sign-in asks for a code from your authenticator app."
          />
          <Flex gap={8} wrap>
            <Button onClick={() => setOpen('regenerate')}>Regenerate Backup Codes</Button>
            <Button danger onClick={() => setOpen('disable')}>
              Disable 2FA
            </Button>
          </Flex>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {passkeyOnly ? (
            <Alert
              type="success"
              showIcon
              title="Your account is protected: sign-in asks for one of your passkeys."
              description="You can also add a code from an authenticator app."
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title="Two-factor authentication is off."
              description="Add a second step to your sign-in: a code from an authenticator app on your phone."
            />
          )}
          <div>
            <Button type="primary" onClick={() => setOpen('setup')}>
              Enable 2FA
            </Button>
          </div>
        </Flex>
      )}
      <PasskeysSection />
      {open === 'setup' && <SetupModal onClose={close} />}
      {open === 'disable' && <DisableModal onClose={close} />}
      {open === 'regenerate' && <RegenerateModal onClose={close} />}
    </Card>
  );
}
