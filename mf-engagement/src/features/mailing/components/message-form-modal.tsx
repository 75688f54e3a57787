import { useState } from 'react';
import { Form, Input, Modal } from '@manager/ui';
import { toast } from '@manager/platform';
import { ImageUpload } from '@manager/ui';
import { HTTP_URL_MESSAGE, isHttpUrl } from '@manager/contract';
import { useCreateMailing } from '../api/mailing-api';

interface Fields {
  message: string;
  buttonText: string;
  buttonLink: string;
}

/** New Message: message, button text and link required (trimmed), link a URL, optional image. */
export function NewMessageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Fields>();
  const [image, setImage] = useState<File | null>(null);
  const create = useCreateMailing();

  async function finish(f: Fields) {
    try {
      await create.mutateAsync({ ...f, image });
      toast.success('Message created successfully!');
      onClose();
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <Modal
      title="New Message"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      okText="Create Message"
      okButtonProps={{ htmlType: 'submit', form: 'newMessage', loading: create.isPending }}
    >
      <Form form={form} id="newMessage" name="newMessage" layout="vertical" onFinish={finish}>
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
        <ImageUpload label="Image (optional)" onChange={setImage} hint="Max file size: 10MB" />
      </Form>
    </Modal>
  );
}
