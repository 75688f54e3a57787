import { CURRENCIES, SHOP_TYPES, type ShopItem } from '@manager/contract';
import { FormChangeNotice, ImageUpload } from '@manager/ui';
import { Button, Checkbox, Col, Flex, Form, Input, InputNumber, Row, Select } from '@manager/ui';
import { useState } from 'react';
import { uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import { valuesOf, type ShopItemValues } from '../api/shop-item-request';
import { BundlePicker, bundleCandidates } from './bundle-picker';

interface ShopItemFormProps {
  /** The item being edited, as stored now (from the list data); absent for Add New Item. */
  item?: ShopItem;
  items: ShopItem[];
  busy: boolean;
  onSubmit: (values: ShopItemValues) => Promise<boolean>;
  onCancel: () => void;
}

type FormFields = Omit<ShopItemValues, 'photo' | 'thumb'>;
const EMPTY: Partial<FormFields> = { currency: 'TON', bundleItems: [] };
/** The fields' labels, as the form shows them, for "Changed meanwhile". */
const LABELS: Record<keyof FormFields, string> = {
  type: 'Type',
  price: 'Price',
  currency: 'Currency',
  titleEn: 'Title (English)',
  titleRu: 'Title (Russian)',
  descriptionEn: 'Description (English)',
  descriptionRu: 'Description (Russian)',
  bundleItems: 'Bundle Items',
  status: 'Active',
};
const required = (label: string) => [{ required: true, whitespace: true, message: `${label} is required` }];

/**
 * Add and inline-edit form of a shop item (docs/screens.md). Editing, the fields are read from
 * the item once; another admin's change shows "This record changed" and enters the fields only
 * through Review changes (the fields typed in keep what was typed).
 */
export function ShopItemForm({ item, items, busy, onSubmit, onCancel }: ShopItemFormProps) {
  const [form] = Form.useForm<FormFields>();
  const [photo, setPhoto] = useState<File | null>(null);
  const [thumb, setThumb] = useState<File | null>(null);
  const [imagesKey, setImagesKey] = useState(0);
  const type = Form.useWatch('type', form);
  const editing = item !== undefined;
  const changes = useRecordChanges('shop_item', item?.id, editing);
  const under = useFormUnderChange<FormFields>(form, item?.id, item ? valuesOf(item) : null, changes);

  async function finish(values: FormFields) {
    const done = await onSubmit({ ...values, bundleItems: values.bundleItems ?? [], photo, thumb });
    if (done && !editing) {
      // Spec: after a successful add the form is reset.
      form.resetFields();
      setPhoto(null);
      setThumb(null);
      setImagesKey((k) => k + 1);
    }
  }

  return (
    <Form<FormFields>
      form={form}
      layout="vertical"
      initialValues={item ? valuesOf(item) : EMPTY}
      onFinish={finish}
      // Leaving NOOB_PACK clears the bundle selection (docs/screens.md).
      onValuesChange={(changed) =>
        changed.type && changed.type !== 'NOOB_PACK' && form.setFieldValue('bundleItems', [])
      }
      disabled={busy}
      aria-label={editing ? `Edit ${item.titleEn}` : 'Add New Item'}
    >
      {/* A save's own reload is no change by someone else: the notice waits for it to settle. */}
      {!busy && <FormChangeNotice {...under} labels={LABELS} />}
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="type" label="Type" rules={[{ required: true, message: 'Type is required' }]}>
            <Select placeholder="Select type" options={SHOP_TYPES.map((t) => ({ value: t, label: t }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="price" label="Price" rules={[{ required: true, message: 'Price is required' }]}>
            <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="currency"
            label="Currency"
            rules={[{ required: true, message: 'Currency is required' }]}
          >
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="titleEn" label="Title (English)" rules={required('Title (English)')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="titleRu" label="Title (Russian)" rules={required('Title (Russian)')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="descriptionEn"
            label="Description (English)"
            rules={required('Description (English)')}
          >
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="descriptionRu"
            label="Description (Russian)"
            rules={required('Description (Russian)')}
          >
            <Input.TextArea rows={2} maxLength={2000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} key={`photo-${imagesKey}`}>
          <ImageUpload
            label="Photo"
            onChange={setPhoto}
            currentUrl={uploadUrl(item?.photoUrl)}
            disabled={busy}
            hint="JPEG, PNG, GIF or WebP, up to 10MB"
          />
        </Col>
        <Col xs={24} md={12} key={`thumb-${imagesKey}`}>
          <ImageUpload
            label="Thumbnail"
            onChange={setThumb}
            currentUrl={uploadUrl(item?.thumbUrl)}
            disabled={busy}
            hint="JPEG, PNG, GIF or WebP, up to 10MB"
          />
        </Col>
        {type === 'NOOB_PACK' && (
          <Col xs={24}>
            <Form.Item name="bundleItems" label="Bundle Items">
              <BundlePicker candidates={bundleCandidates(items, item?.id)} />
            </Form.Item>
          </Col>
        )}
        {editing && (
          <Col xs={24}>
            <Form.Item name="status" valuePropName="checked">
              <Checkbox>Active</Checkbox>
            </Form.Item>
          </Col>
        )}
      </Row>
      <Flex gap={8} style={{ marginTop: 12 }}>
        <Button type="primary" htmlType="submit" loading={busy} disabled={under.changed}>
          {editing ? (busy ? 'Updating...' : 'Update Item') : busy ? 'Adding...' : 'Add Item'}
        </Button>
        <Button onClick={onCancel} disabled={false}>
          Cancel
        </Button>
      </Flex>
    </Form>
  );
}
