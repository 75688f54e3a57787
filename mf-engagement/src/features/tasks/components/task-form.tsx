import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select } from '@manager/ui';
import { CURRENCIES, HTTP_URL_MESSAGE, isHttpUrl, TASK_CATEGORIES, type Task } from '@manager/contract';
import { ImageUpload } from '@manager/ui';
import { uploadUrl } from '@manager/platform';
import type { TaskFormValues } from '../api/save-task';

interface TaskFormProps {
  /** Distinct per form on the page, so field ids (and their labels) never collide. */
  name: string;
  /** The task being edited; absent when adding. */
  task?: Task;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (values: TaskFormValues, photo: File | null) => Promise<boolean>;
  onCancel?: () => void;
  layout?: 'vertical' | 'inline-grid';
}

/** Add and edit share these fields and rules (docs/screens.md). */
export function TaskForm({ name, task, submitLabel, busyLabel, busy, onSubmit, onCancel }: TaskFormProps) {
  const [form] = Form.useForm<TaskFormValues>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoKey, setPhotoKey] = useState(0);
  const follow = Form.useWatch('isTelegramFollow', form);
  const initial: Partial<TaskFormValues> = task
    ? { ...task, link: task.link ?? '', telegramChatId: task.telegramChatId ?? '' }
    : { rewardCurrency: 'TON', isTelegramFollow: false };

  async function finish(values: TaskFormValues) {
    const done = await onSubmit({ ...values, isTelegramFollow: !!values.isTelegramFollow }, photo);
    if (done && !task) {
      form.resetFields();
      setPhoto(null);
      setPhotoKey((k) => k + 1);
    }
  }

  return (
    <Form
      form={form}
      name={name}
      layout="vertical"
      initialValues={initial}
      onFinish={finish}
      disabled={busy}
      requiredMark
    >
      <Form.Item>
        <ImageUpload
          key={photoKey}
          label="Photo"
          onChange={setPhoto}
          currentUrl={uploadUrl(task?.photoUrl)}
          hint="JPEG, PNG, GIF or WebP, up to 10MB"
        />
      </Form.Item>
      <Form.Item
        name="category"
        label="Category"
        rules={[{ required: true, message: 'Category is required' }]}
      >
        <Select
          placeholder="Select category"
          options={TASK_CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      <Form.Item
        name="titleEn"
        label="Title (English)"
        rules={[{ required: true, whitespace: true, message: 'English title is required' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="titleRu"
        label="Title (Russian)"
        rules={[{ required: true, whitespace: true, message: 'Russian title is required' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="rewardCurrency" label="Reward Currency" style={{ minWidth: 140 }}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="rewardAmount"
          label="Reward Amount"
          rules={[{ required: true, message: 'Reward amount is required' }]}
        >
          <InputNumber min={0} step={0.01} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="link"
        label="Link"
        rules={[
          {
            validator: async (_, v?: string) => {
              if (v?.trim() && !isHttpUrl(v.trim())) throw new Error(HTTP_URL_MESSAGE);
            },
          },
        ]}
      >
        <Input type="url" placeholder="https://" />
      </Form.Item>
      <Form.Item name="isTelegramFollow" valuePropName="checked">
        <Checkbox>Telegram Follow</Checkbox>
      </Form.Item>
      {follow && (
        <Form.Item name="telegramChatId" label="Telegram Chat ID">
          <Input placeholder="@channel" maxLength={100} />
        </Form.Item>
      )}
      {task && (
        <Form.Item name="status" valuePropName="checked">
          <Checkbox>Active Status</Checkbox>
        </Form.Item>
      )}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={false}>
            Cancel
          </Button>
        )}
      </Flex>
    </Form>
  );
}
