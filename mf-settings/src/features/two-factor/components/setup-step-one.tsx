import { CopyOutlined } from '@manager/ui';
import type { TwoFactorSetupResponse } from '@manager/contract';
import { copyText, useAuthStore } from '@manager/platform';
import { Button, Flex, Form, Input, Space, Typography } from '@manager/ui';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { digitsOnly, TWO_FACTOR_MESSAGES as M } from '../api/messages';
import { otpauthUrl } from '../lib/otpauth-url';
import { BackupCodesList } from './backup-codes-list';

export interface SetupConfirmation {
  code: string;
  password: string;
}

interface SetupStepOneProps {
  formId: string;
  setup: TwoFactorSetupResponse;
  onSubmit: (values: SetupConfirmation) => void;
  disabled?: boolean;
}

/**
 * QR code of the otpauth link, the secret with copy, the code to verify, the password (an
 * access token alone must not enrol an authenticator), the backup codes.
 */
export function SetupStepOne({ formId, setup, onSubmit, disabled }: SetupStepOneProps) {
  const account = useAuthStore((s) => s.admin?.username ?? 'admin');
  const [showCodes, setShowCodes] = useState(false);
  const link = setup.otpauthUrl ?? otpauthUrl(setup.secret, account);

  return (
    <Flex vertical gap={16}>
      <Typography.Text>
        1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password...).
      </Typography.Text>
      <Flex justify="center">
        <div style={{ background: '#fff', padding: 8, border: '1px solid #f0f0f0', borderRadius: 8 }}>
          <QRCodeSVG
            value={link}
            size={176}
            title="QR code for your authenticator app"
            role="img"
            aria-label="QR code for your authenticator app"
          />
        </div>
      </Flex>
      <Form
        id={formId}
        name="twoFactorSetup"
        layout="vertical"
        onFinish={(v: SetupConfirmation) => onSubmit(v)}
        disabled={disabled}
        requiredMark={false}
      >
        <Form.Item label="2. Or enter this secret key manually" htmlFor="two-factor-secret">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="two-factor-secret"
              aria-label="Secret key"
              value={setup.secret}
              readOnly
              style={{ fontFamily: 'monospace' }}
            />
            <Button
              icon={<CopyOutlined aria-hidden />}
              aria-label="Copy secret key"
              onClick={() => void copyText(setup.secret, M.copied)}
            />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          label="Verification Code"
          name="code"
          initialValue=""
          getValueFromEvent={(e: { target: { value: string } }) => digitsOnly(e.target.value)}
          validateTrigger="onSubmit"
          rules={[
            {
              validator: (_, v: string) =>
                /^\d{6}$/.test(v ?? '') ? Promise.resolve() : Promise.reject(new Error(M.enterSixDigits)),
            },
          ]}
          extra="3. Type the 6-digit code your app shows."
        >
          <Input
            placeholder="000000"
            inputMode="numeric"
            autoComplete="one-time-code"
            style={{ fontFamily: 'monospace', letterSpacing: 4 }}
          />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[{ required: true, message: M.enterPassword }]}
          extra="4. Confirm with your password."
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      </Form>
      <div>
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          onClick={() => setShowCodes((v) => !v)}
          aria-expanded={showCodes}
        >
          {showCodes ? 'Hide Backup Codes' : 'Show Backup Codes'}
        </Button>
        {showCodes && <BackupCodesList codes={setup.backupCodes} />}
      </div>
    </Flex>
  );
}
