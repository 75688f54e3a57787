import { DeleteOutlined } from '@manager/ui';
import { REWARD_TYPES, type RewardType } from '@manager/contract';
import { ImageUpload } from '@manager/ui';
import { Button, Card, Checkbox, Col, Flex, Input, InputNumber, Row, Select, Typography } from '@manager/ui';
import { uploadUrl } from '@manager/platform';
import { changeAmount, changeType, type DraftReward } from '../model/rewards-model';
import type { PickerKind } from './reward-gift-picker';

interface RewardRowProps {
  reward: DraftReward;
  canRemove: boolean;
  onChange: (r: DraftReward) => void;
  onRemove: () => void;
  onChooseGift: (kind: PickerKind) => void;
}

const PICKABLE: Partial<Record<RewardType, PickerKind>> = { NFT: 'NFT', GIFT: 'GIFT', SHOP: 'SHOP' };
const IMAGE_LABEL: Partial<Record<RewardType, string>> = {
  NFT: 'Custom image',
  NFT_FAKE: 'Image',
  SHOP: 'Custom image',
};

/** One reward: type, amount, chance (percent), stars value, shown in modal, and its gift data. */
export function RewardRow({ reward: r, canRemove, onChange, onRemove, onChooseGift }: RewardRowProps) {
  const label = (what: string) => `Reward ${r.id} ${what}`;
  const picker = PICKABLE[r.type];
  const noAmount = r.type === 'NFT' || r.type === 'GIFT';
  return (
    <Card
      size="small"
      role="group"
      aria-label={`Reward ${r.id}`}
      title={`Reward ${r.id}`}
      extra={
        <Button
          size="small"
          danger
          icon={<DeleteOutlined />}
          disabled={!canRemove}
          onClick={onRemove}
          aria-label={`Remove reward ${r.id}`}
        >
          Remove
        </Button>
      }
    >
      <Row gutter={[8, 8]}>
        <Col xs={12} md={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Type
          </Typography.Text>
          <Select
            aria-label={label('type')}
            value={r.type}
            onChange={(t) => onChange(changeType(r, t))}
            options={REWARD_TYPES.map((t) => ({ value: t, label: t }))}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Amount
          </Typography.Text>
          <InputNumber
            aria-label={label('amount')}
            value={r.amount}
            min={0}
            step={0.01}
            disabled={noAmount}
            onChange={(v) => onChange(changeAmount(r, Number(v ?? 0)))}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={12} md={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Chance (%)
          </Typography.Text>
          <Input
            aria-label={label('chance')}
            inputMode="decimal"
            value={r.chanceText}
            onChange={(e) => onChange({ ...r, chanceText: e.target.value })}
            suffix="%"
          />
        </Col>
        <Col xs={12} md={6}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Stars value
          </Typography.Text>
          <InputNumber
            aria-label={label('stars value')}
            value={r.starsValue}
            min={0}
            onChange={(v) => onChange({ ...r, starsValue: Number(v ?? 0) })}
            style={{ width: '100%' }}
          />
        </Col>
        <Col xs={24}>
          <Checkbox
            checked={r.showInModal}
            onChange={(e) => onChange({ ...r, showInModal: e.target.checked })}
          >
            Show in modal
          </Checkbox>
        </Col>
        {picker && (
          <Col xs={24}>
            <Flex gap={8} align="center" wrap>
              <Typography.Text>{r.giftData?.name ?? 'No gift chosen'}</Typography.Text>
              {r.giftData?.price !== undefined && (
                <Typography.Text type="secondary">
                  ({r.giftData.price}
                  {r.giftData.currency ? ` ${r.giftData.currency}` : r.type === 'NFT' ? ' TON' : ' Stars'})
                </Typography.Text>
              )}
              <Button
                size="small"
                onClick={() => onChooseGift(picker)}
                aria-label={label(picker === 'SHOP' ? 'choose shop item' : 'choose gift')}
              >
                {picker === 'SHOP' ? 'Choose item' : 'Choose gift'}
              </Button>
            </Flex>
          </Col>
        )}
        {r.type === 'NFT_FAKE' && (
          <Col xs={24}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Name
            </Typography.Text>
            <Input
              aria-label={label('name')}
              value={r.giftData?.name ?? ''}
              onChange={(e) => onChange({ ...r, giftData: { ...r.giftData, name: e.target.value } })}
            />
          </Col>
        )}
        {IMAGE_LABEL[r.type] && (
          <Col xs={24} key={`${r.type}-${r.id}`}>
            <ImageUpload
              label={label(IMAGE_LABEL[r.type]!.toLowerCase())}
              onChange={(file) => onChange({ ...r, file })}
              currentUrl={uploadUrl(
                r.type === 'NFT_FAKE' ? r.giftData?.imageUrl : r.giftData?.customImageUrl,
              )}
            />
          </Col>
        )}
      </Row>
    </Card>
  );
}
