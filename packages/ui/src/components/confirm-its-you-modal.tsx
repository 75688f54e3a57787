import { Suspense, useRef, useState } from 'react';
import type { StepUpMethod, StepUpRequest } from '@manager/contract';
import { Alert, Button, Flex, Form, Input, Modal, Typography, type InputRef } from '../antd.ts';
import { BACKUP_CODE_MAX_LENGTH, STEP_UP_MESSAGE } from '../limits.ts';

/** The prompt as `@manager/platform`'s `useStepUpPrompt()` gives it. */
export interface ConfirmItsYouProps {
  open: boolean;
  /** How the admin can confirm: an authenticator (or backup) code, else the password; a passkey besides. */
  methods: readonly StepUpMethod[];
  /** What the waiting change does ("TON Balance: 195 -> 295"), shown above the field. */
  summary?: readonly string[];
  /** The server's refusal of the last answer (`Invalid password`). */
  error: string | null;
  submitting: boolean;
  /** `{ method: 'passkey' }`: the host asks the browser for the passkey. */
  submit(values: StepUpRequest | { method: 'passkey' }): unknown;
  cancel(): void;
}

type Values = { answer?: string };

/**
 * "Confirm it's you": the second factor (or, for an admin without one, the password) asked
 * before money moves. The field is the one the admin has; Enter or Confirm sends it, Cancel or
 * Escape gives up (the waiting change then fails). Each opening starts empty. An admin with a
 * passkey also gets "Use a passkey"; with passkeys only, that is the one way (no field).
 */
export function ConfirmItsYouModal({
  open,
  methods,
  summary = [],
  error,
  submitting,
  submit,
  cancel,
}: ConfirmItsYouProps) {
  const input = useRef<InputRef>(null);
  const [via, setVia] = useState<'field' | 'passkey'>('field');
  const byCode = methods.includes('totp');
  const byPassword = !byCode && methods.includes('password');
  const byPasskey = methods.includes('passkey');
  const hasField = byCode || byPassword;
  const onFinish = ({ answer = '' }: Values) => {
    setVia('field');
    if (byCode) void submit({ method: 'totp', token: answer.trim() });
    else if (byPassword) void submit({ method: 'password', password: answer });
  };
  const confirmWithPasskey = () => {
    setVia('passkey');
    void submit({ method: 'passkey' });
  };
  let intro = 'Use your passkey to continue.';
  if (byCode) intro = 'Enter the 6-digit code from your authenticator app, or a backup code, to continue.';
  else if (byPassword) intro = 'Enter your password to continue.';
  return (
    <Modal
      open={open}
      title={STEP_UP_MESSAGE}
      onCancel={cancel}
      footer={null}
      destroyOnHidden
      maskClosable={false}
      afterOpenChange={(opened) => opened && input.current?.focus()}
    >
      <Form<Values> layout="vertical" requiredMark={false} onFinish={onFinish}>
        {summary.length > 0 && (
          <ul aria-label="What you confirm" style={{ margin: '0 0 12px', paddingInlineStart: 20 }}>
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <Typography.Paragraph>{intro}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />}
        {hasField && (
          <Form.Item
            label={byCode ? 'Authentication code' : 'Password'}
            name="answer"
            validateTrigger="onSubmit"
            rules={[
              {
                required: true,
                whitespace: !byPassword,
                message: byCode ? 'Please enter a code' : 'Please enter your password',
              },
            ]}
          >
            {byCode ? (
              <Input ref={input} autoFocus autoComplete="one-time-code" maxLength={BACKUP_CODE_MAX_LENGTH} />
            ) : (
              <Input.Password ref={input} autoFocus autoComplete="current-password" />
            )}
          </Form.Item>
        )}
        <Flex justify="end" gap={8} wrap>
          {byPasskey && (
            <Button
              type={hasField ? 'default' : 'primary'}
              autoFocus={!hasField}
              onClick={confirmWithPasskey}
              loading={submitting && via === 'passkey'}
              disabled={submitting && via !== 'passkey'}
              style={hasField ? { marginInlineEnd: 'auto' } : undefined}
            >
              Use a passkey
            </Button>
          )}
          <Button onClick={cancel}>Cancel</Button>
          {hasField && (
            <Button
              type="primary"
              htmlType="submit"
              loading={submitting && via === 'field'}
              disabled={submitting && via !== 'field'}
            >
              Confirm
            </Button>
          )}
        </Flex>
      </Form>
    </Modal>
  );
}

/**
 * Hosts the prompt in an app's tree from a hook (`useStepUpPrompt` of `@manager/platform`), so
 * `ui` stays free of calls: `<ConfirmItsYouHost usePrompt={useStepUpPrompt} />`.
 */
export function ConfirmItsYouHost({ usePrompt }: { usePrompt: () => ConfirmItsYouProps }) {
  const prompt = usePrompt();
  return (
    <Suspense fallback={null}>
      <ConfirmItsYouModal {...prompt} />
    </Suspense>
  );
}
