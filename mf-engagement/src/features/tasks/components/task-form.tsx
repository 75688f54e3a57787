import { useState } from 'react';
import { Button, Checkbox, Flex, Form, FormChangeNotice, Input, InputNumber, Select } from '@manager/ui';
import { CURRENCIES, HTTP_URL_MESSAGE, isHttpUrl, TASK_CATEGORIES, type Task } from '@manager/contract';
import { ImageUpload } from '@manager/ui';
import { uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import type { TaskFormValues } from '../api/save-task';

/** The fields' labels, as the form shows them and as "Changed meanwhile" names them. */
const LABELS: Record<keyof TaskFormValues, string> = {
  category: 'Category',
  titleEn: 'Title (English)',
  titleRu: 'Title (Russian)',
  rewardCurrency: 'Reward Currency',
  rewardAmount: 'Reward Amount',
  link: 'Link',
  isTelegramFollow: 'Telegram Follow',
  telegramChatId: 'Telegram Chat ID',
  status: 'Active Status',
};

/**
 * The edit form's values of a stored task: its initial values, and what a change under the open
 * form is found by. Only the fields (not the completions count or the photo, which a save
 * leaves as stored unless a new one is picked).
 */
export const taskValues = (task: Task): TaskFormValues => ({
  category: task.category,
  titleEn: task.titleEn,
  titleRu: task.titleRu,
  rewardCurrency: task.rewardCurrency,
  rewardAmount: task.rewardAmount,
  link: task.link ?? '',
  isTelegramFollow: task.isTelegramFollow,
  telegramChatId: task.telegramChatId ?? '',
  status: task.status,
});

interface TaskFormProps {
  /** Distinct per form on the page, so field ids (and their labels) never collide. */
  name: string;
  /**
   * The task being edited, as the list holds it now (the event stream refreshes it); absent when
   * adding. A change of it never resets the fields: the form says "This record changed".
   */
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
  const stored = task ? taskValues(task) : null;
  const initial: Partial<TaskFormValues> = stored ?? { rewardCurrency: 'TON', isTelegramFollow: false };
  // antd takes `initialValues` once: a later change of the task is offered by Review changes.
  const changes = useRecordChanges('task', task?.id, task !== undefined);
  const under = useFormUnderChange(form, task?.id, stored, changes);

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
      {/* Its own save's refetch is no change by someone else: the notice waits for it to settle. */}
      {!busy && <FormChangeNotice {...under} labels={LABELS} />}
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
        label={LABELS.category}
        rules={[{ required: true, message: 'Category is required' }]}
      >
        <Select
          placeholder="Select category"
          options={TASK_CATEGORIES.map((c) => ({ value: c, label: c }))}
        />
      </Form.Item>
      <Form.Item
        name="titleEn"
        label={LABELS.titleEn}
        rules={[{ required: true, whitespace: true, message: 'English title is required' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="titleRu"
        label={LABELS.titleRu}
        rules={[{ required: true, whitespace: true, message: 'Russian title is required' }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item name="rewardCurrency" label={LABELS.rewardCurrency} style={{ minWidth: 140 }}>
          <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="rewardAmount"
          label={LABELS.rewardAmount}
          rules={[{ required: true, message: 'Reward amount is required' }]}
        >
          <InputNumber min={0} step={0.01} style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="link"
        label={LABELS.link}
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
        <Checkbox>{LABELS.isTelegramFollow}</Checkbox>
      </Form.Item>
      {follow && (
        <Form.Item name="telegramChatId" label={LABELS.telegramChatId}>
          <Input placeholder="@channel" maxLength={100} />
        </Form.Item>
      )}
      {task && (
        <Form.Item name="status" valuePropName="checked">
          <Checkbox>{LABELS.status}</Checkbox>
        </Form.Item>
      )}
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={busy} disabled={under.changed}>
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
