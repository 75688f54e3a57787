import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Checkbox, Flex, Form, FormChangeNotice, Input, InputNumber, Typography } from '@manager/ui';
import type { Giveaway, GiveawayGift, InventoryGift } from '@manager/contract';
import { getRuntimeConfig, uploadUrl, useRecordChanges } from '@manager/platform';
import { useFormUnderChange } from '@manager/platform/forms';
import { GiftSearchPicker, ImageUpload, SelectedGifts } from '@manager/ui';
import { searchInventoryGifts } from '../api/get-giveaways';
import type { GiveawayFormValues } from '../api/save-giveaway';

interface Fields {
  expiredDate: string;
  isFree: boolean;
  ticketPriceTon?: number;
  ticketPriceStars?: number;
  /** A field like the others, so Review changes can bring the stored gifts in when not changed here. */
  gifts: GiveawayGift[];
  status?: boolean;
}

/** The fields' labels, as the form shows them and as "Changed meanwhile" names them. */
const LABELS: Record<keyof Fields, string> = {
  expiredDate: 'Expiry Date',
  isFree: 'Free Giveaway',
  ticketPriceTon: 'TON Price',
  ticketPriceStars: 'Stars Price',
  gifts: 'Gifts',
  status: 'Active Status',
};

/**
 * The edit form's values of a stored giveaway: its initial values, and what a change under the
 * open form is found by (the expiry as the date input's text: the same for the same date). Not
 * the preview image, which a save leaves as stored unless a new one is picked.
 */
const giveawayValues = (giveaway: Giveaway): Fields => ({
  expiredDate: dayjs(giveaway.expiredDate).format('YYYY-MM-DDTHH:mm'),
  isFree: giveaway.isFree,
  ticketPriceTon: giveaway.ticketPriceTon,
  ticketPriceStars: giveaway.ticketPriceStars,
  gifts: giveaway.gifts,
  status: giveaway.status,
});

interface GiveawayFormProps {
  /** Distinct per form on the page, so field ids (and labels) never collide. */
  name: string;
  /**
   * The giveaway being edited, as the list holds it now (the event stream refreshes it); absent
   * when adding. A change of it never resets the fields: the form says "This record changed".
   */
  giveaway?: Giveaway;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (values: GiveawayFormValues, image: File | null) => Promise<boolean>;
  onCancel?: () => void;
}

const toGift = (g: InventoryGift): GiveawayGift => ({
  id: g.id,
  name: g.name,
  baseName: g.baseName,
  price: g.price,
  modelThumbUrl: g.modelThumbUrl,
});

/** Add and inline edit share these fields (docs/screens.md). */
export function GiveawayForm({
  name,
  giveaway,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
  onCancel,
}: GiveawayFormProps) {
  const [form] = Form.useForm<Fields>();
  const [image, setImage] = useState<File | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const isFree = Form.useWatch('isFree', form);
  const stored = giveaway ? giveawayValues(giveaway) : null;
  const initial: Partial<Fields> = stored ?? {
    isFree: false,
    ticketPriceTon: 0,
    ticketPriceStars: 0,
    gifts: [],
  };
  // Undefined until the form is connected (the first render): the initial gifts meanwhile.
  const gifts: GiveawayGift[] = Form.useWatch('gifts', form) ?? initial.gifts ?? [];
  // antd takes `initialValues` once: a later change of the giveaway is offered by Review changes.
  const changes = useRecordChanges('giveaway', giveaway?.id, giveaway !== undefined);
  const under = useFormUnderChange(form, giveaway?.id, stored, changes);

  async function finish(f: Fields) {
    const values: GiveawayFormValues = {
      expiredDate: new Date(f.expiredDate).toISOString(),
      isFree: !!f.isFree,
      ticketPriceTon: f.ticketPriceTon ?? 0,
      ticketPriceStars: f.ticketPriceStars ?? 0,
      gifts: f.gifts,
      ...(giveaway ? { status: !!f.status } : {}),
    };
    if ((await onSubmit(values, image)) && !giveaway) {
      form.resetFields();
      setImage(null);
      setResetKey((k) => k + 1);
    }
  }

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initial} onFinish={finish} disabled={busy}>
      {/* Its own save's refetch is no change by someone else: the notice waits for it to settle. */}
      {!busy && <FormChangeNotice {...under} labels={LABELS} />}
      <Form.Item>
        <ImageUpload
          key={resetKey}
          label="Preview Image"
          onChange={setImage}
          currentUrl={uploadUrl(giveaway?.previewImageUrl)}
          hint="JPEG, PNG, GIF or WebP, up to 10MB"
        />
      </Form.Item>
      <Form.Item
        name="expiredDate"
        label={LABELS.expiredDate}
        rules={[{ required: true, message: 'Expiry Date is required' }]}
      >
        <Input type="datetime-local" style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item name="isFree" valuePropName="checked">
        <Checkbox>{LABELS.isFree}</Checkbox>
      </Form.Item>
      {!isFree && (
        <Flex gap={12} wrap>
          <Form.Item name="ticketPriceTon" label={LABELS.ticketPriceTon}>
            <InputNumber min={0} step={0.01} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="ticketPriceStars" label={LABELS.ticketPriceStars}>
            <InputNumber min={0} step={0.01} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
      )}
      <Form.Item label={<span>{`${LABELS.gifts} (${gifts.length})`}</span>}>
        <Form.Item name="gifts" noStyle>
          <GiftsField />
        </Form.Item>
      </Form.Item>
      {giveaway && (
        <Form.Item name="status" valuePropName="checked">
          <Checkbox>{LABELS.status}</Checkbox>
        </Form.Item>
      )}
      {!giveaway && (
        <Typography.Paragraph type="secondary">A new giveaway starts active.</Typography.Paragraph>
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

/** The gifts field (its `value` and `onChange` come from its Form.Item): the chosen gifts and the picker. */
function GiftsField({
  value = [],
  onChange,
}: {
  value?: GiveawayGift[];
  onChange?: (gifts: GiveawayGift[]) => void;
}) {
  const nftBase = getRuntimeConfig().nftImageBaseUrl;
  return (
    <Flex vertical gap={8}>
      <SelectedGifts
        gifts={value}
        imageBaseUrl={nftBase}
        onRemove={(g) => onChange?.(value.filter((x) => x.id !== g.id))}
      />
      <GiftSearchPicker
        label="Add gifts"
        loadGifts={searchInventoryGifts}
        excludeIds={value.map((g) => g.id)}
        imageBaseUrl={nftBase}
        onPick={(g) => onChange?.([...value, toGift(g)])}
      />
    </Flex>
  );
}
