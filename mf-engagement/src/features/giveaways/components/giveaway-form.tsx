import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Typography } from '@manager/ui';
import type { Giveaway, GiveawayGift, InventoryGift } from '@manager/contract';
import { getRuntimeConfig, uploadUrl } from '@manager/platform';
import { GiftSearchPicker, ImageUpload, SelectedGifts } from '@manager/ui';
import { searchInventoryGifts } from '../api/get-giveaways';
import type { GiveawayFormValues } from '../api/save-giveaway';

interface Fields {
  expiredDate: string;
  isFree: boolean;
  ticketPriceTon?: number;
  ticketPriceStars?: number;
  status?: boolean;
}

interface GiveawayFormProps {
  /** Distinct per form on the page, so field ids (and labels) never collide. */
  name: string;
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
  const [gifts, setGifts] = useState<GiveawayGift[]>(giveaway?.gifts ?? []);
  const [resetKey, setResetKey] = useState(0);
  const isFree = Form.useWatch('isFree', form);
  const nftBase = getRuntimeConfig().nftImageBaseUrl;
  const initial: Partial<Fields> = giveaway
    ? {
        expiredDate: dayjs(giveaway.expiredDate).format('YYYY-MM-DDTHH:mm'),
        isFree: giveaway.isFree,
        ticketPriceTon: giveaway.ticketPriceTon,
        ticketPriceStars: giveaway.ticketPriceStars,
        status: giveaway.status,
      }
    : { isFree: false, ticketPriceTon: 0, ticketPriceStars: 0 };

  async function finish(f: Fields) {
    const values: GiveawayFormValues = {
      expiredDate: new Date(f.expiredDate).toISOString(),
      isFree: !!f.isFree,
      ticketPriceTon: f.ticketPriceTon ?? 0,
      ticketPriceStars: f.ticketPriceStars ?? 0,
      gifts,
      ...(giveaway ? { status: !!f.status } : {}),
    };
    if ((await onSubmit(values, image)) && !giveaway) {
      form.resetFields();
      setGifts([]);
      setImage(null);
      setResetKey((k) => k + 1);
    }
  }

  return (
    <Form form={form} name={name} layout="vertical" initialValues={initial} onFinish={finish} disabled={busy}>
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
        label="Expiry Date"
        rules={[{ required: true, message: 'Expiry Date is required' }]}
      >
        <Input type="datetime-local" style={{ maxWidth: 260 }} />
      </Form.Item>
      <Form.Item name="isFree" valuePropName="checked">
        <Checkbox>Free Giveaway</Checkbox>
      </Form.Item>
      {!isFree && (
        <Flex gap={12} wrap>
          <Form.Item name="ticketPriceTon" label="TON Price">
            <InputNumber min={0} step={0.01} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="ticketPriceStars" label="Stars Price">
            <InputNumber min={0} step={0.01} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
      )}
      <Form.Item label={<span>Gifts ({gifts.length})</span>}>
        <Flex vertical gap={8}>
          <SelectedGifts
            gifts={gifts}
            imageBaseUrl={nftBase}
            onRemove={(g) => setGifts((list) => list.filter((x) => x.id !== g.id))}
          />
          <GiftSearchPicker
            label="Add gifts"
            loadGifts={searchInventoryGifts}
            excludeIds={gifts.map((g) => g.id)}
            imageBaseUrl={nftBase}
            onPick={(g) => setGifts((list) => [...list, toGift(g)])}
          />
        </Flex>
      </Form.Item>
      {giveaway && (
        <Form.Item name="status" valuePropName="checked">
          <Checkbox>Active Status</Checkbox>
        </Form.Item>
      )}
      {!giveaway && (
        <Typography.Paragraph type="secondary">A new giveaway starts active.</Typography.Paragraph>
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
