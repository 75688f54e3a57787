import { useState } from 'react';
import { Form, FormChangeNotice, Input, Modal } from '@manager/ui';
import { toast, uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import { ImageUpload } from '@manager/ui';
import { HTTP_URL_MESSAGE, isHttpUrl, type Mailing } from '@manager/contract';
import { useCreateMailing } from '../api/mailing-api';
import { useUpdateMailing } from '../api/mailing-draft-api';

interface Fields {
  message: string;
  buttonText: string;
  buttonLink: string;
}

/** The fields' labels, as the form shows them and as "Changed meanwhile" names them. */
const LABELS: Record<keyof Fields, string> = {
  message: 'Message',
  buttonText: 'Button Text',
  buttonLink: 'Button Link',
};

/**
 * The form's values of a stored mailing (empty for a new message): its initial values, and what
 * a change under the open form is found by. Not the image, which a save leaves as stored unless
 * a new one is picked.
 */
const messageValues = (mailing: Mailing | null): Fields => ({
  message: mailing?.message ?? '',
  buttonText: mailing?.buttonText ?? '',
  buttonLink: mailing?.buttonLink ?? '',
});

interface MessageFormModalProps {
  open: boolean;
  /**
   * A waiting mailing to edit, as the list holds it now (the event stream refreshes it); null: a
   * new message. A change of it never resets the fields: the form says "This record changed".
   */
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
  // antd takes `initialValues` once: a later change of the mailing is offered by Review changes.
  const changes = useRecordChanges('mailing', mailing?.id, editing);
  const under = useFormUnderChange(form, mailing?.id, editing ? messageValues(mailing) : null, changes);

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
        disabled: under.changed,
      }}
    >
      <Form
        form={form}
        id="messageForm"
        name="messageForm"
        layout="vertical"
        onFinish={finish}
        initialValues={messageValues(mailing)}
      >
        {/* Its own save's refetch is no change by someone else: the notice waits for it to settle. */}
        {!(create.isPending || update.isPending) && <FormChangeNotice {...under} labels={LABELS} />}
        <Form.Item
          name="message"
          label={LABELS.message}
          rules={[{ required: true, whitespace: true, message: 'Message is required' }]}
        >
          <Input.TextArea rows={5} maxLength={4096} showCount />
        </Form.Item>
        <Form.Item
          name="buttonText"
          label={LABELS.buttonText}
          rules={[{ required: true, whitespace: true, message: 'Button text is required' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="buttonLink"
          label={LABELS.buttonLink}
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
