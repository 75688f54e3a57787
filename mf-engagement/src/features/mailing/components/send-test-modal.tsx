import { Form, Input, Modal, Typography } from '@manager/ui';
import type { Mailing } from '@manager/contract';
import { toast } from '@manager/platform';
import { useSendTestMessage } from '../api/mailing-draft-api';

/** A Telegram id as the admin types it: digits only, above 0, within a safe integer. */
const TELEGRAM_ID = /^[1-9]\d{0,15}$/;

/**
 * Send test: the mailing's message to one Telegram id the admin types, through the same
 * delivery as the real sending. The mailing's status and counts do not change.
 */
export function SendTestModal({ mailing, onClose }: { mailing: Mailing | null; onClose: () => void }) {
  const [form] = Form.useForm<{ telegramId: string }>();
  const send = useSendTestMessage();

  async function finish({ telegramId }: { telegramId: string }) {
    const id = Number(telegramId.trim());
    try {
      await send.mutateAsync({ id: mailing!.id, telegramId: id });
      toast.success(`Test message sent to ${id}`);
      onClose();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <Modal
      title="Send Test Message"
      open={mailing !== null}
      onCancel={onClose}
      destroyOnHidden
      okText="Send test"
      okButtonProps={{ htmlType: 'submit', form: 'sendTestForm', loading: send.isPending }}
    >
      <Typography.Paragraph type="secondary">
        The message goes to this Telegram account only; the mailing stays as it is.
      </Typography.Paragraph>
      <Form form={form} id="sendTestForm" name="sendTestForm" layout="vertical" onFinish={finish}>
        <Form.Item
          name="telegramId"
          label="Telegram ID"
          rules={[
            { required: true, whitespace: true, message: 'Please enter a Telegram ID' },
            {
              validator: async (_, v?: string) => {
                const id = v?.trim();
                if (id && (!TELEGRAM_ID.test(id) || !Number.isSafeInteger(Number(id))))
                  throw new Error('Telegram ID must be a positive whole number');
              },
            },
          ]}
        >
          <Input inputMode="numeric" autoComplete="off" placeholder="123456789" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
