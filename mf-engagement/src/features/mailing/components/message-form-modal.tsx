import { useState } from 'react';
import { Form, Input, Modal } from '@manager/ui';
import { toast, uploadUrl } from '@manager/platform';
import { ImageUpload } from '@manager/ui';
import { HTTP_URL_MESSAGE, isHttpUrl, type Mailing } from '@manager/contract';
import { useCreateMailing } from '../api/mailing-api';
import { useUpdateMailing } from '../api/mailing-draft-api';

interface Fields {
  message: string;
  buttonText: string;
  buttonLink: string;
}

interface MessageFormModalProps {
  open: boolean;
  /** A waiting mailing to edit; null: a new message. */
  mailing: Mailing | null;
  onClose: () => void;
}

/**
 * New Message and Edit Message: message, button text and link required (trimmed), the link an
 * http(s) URL, an optional image (on edit, a new one replaces the stored one; none keeps it).
 */
export function MessageFormModal({ open, mailing, onClose }: MessageFormModalProps) {
  const [form] = Form.useForm<Fields>();
  const [image, setImage] = useState<File | null>(null);
  const create = useCreateMailing();
  const update = useUpdateMailing();
  const editing = mailing !== null;

  async function finish(f: Fields) {
    try {
      if (mailing) {
        await update.mutateAsync({ id: mailing.id, input: { ...f, image } });
        toast.success('Message updated successfully!');
      } else {
        await create.mutateAsync({ ...f, image });
        toast.success('Message created successfully!');
      }
      onClose();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <Modal
      title={editing ? 'Edit Message' : 'New Message'}
      open={open}
      onCancel={onClose}
      destroyOnHidden
      okText={editing ? 'Save Message' : 'Create Message'}
      okButtonProps={{
        htmlType: 'submit',
        form: 'messageForm',
        loading: create.isPending || update.isPending,
      }}
    >
      <Form
        form={form}
        id="messageForm"
        name="messageForm"
        layout="vertical"
        onFinish={finish}
        initialValues={{
          message: mailing?.message ?? '',
          buttonText: mailing?.buttonText ?? '',
          buttonLink: mailing?.buttonLink ?? '',
        }}
      >
        <Form.Item
          name="message"
          label="Message"
          rules={[{ required: true, whitespace: true, message: 'Message is required' }]}
        >
          <Input.TextArea rows={5} maxLength={4096} showCount />
        </Form.Item>
        <Form.Item
          name="buttonText"
          label="Button Text"
          rules={[{ required: true, whitespace: true, message: 'Button text is required' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="buttonLink"
          label="Button Link"
          rules={[
            { required: true, whitespace: true, message: 'Button link is required' },
            {
              validator: async (_, v?: string) => {
                if (v?.trim() && !isHttpUrl(v.trim())) throw new Error(HTTP_URL_MESSAGE);
              },
            },
          ]}
        >
          <Input type="url" placeholder="https://" />
        </Form.Item>
        <ImageUpload
          label="Image (optional)"
          onChange={setImage}
          currentUrl={uploadUrl(mailing?.mediaLink)}
          hint="Max file size: 10MB"
        />
      </Form>
    </Modal>
  );
}
