import { PlusOutlined } from '@manager/ui';
import { CHANCE_TOTAL_MESSAGE, sumChances } from '@manager/contract';
import { Alert, Button, Flex, Typography } from '@manager/ui';
import { useState } from 'react';
import {
  addReward,
  chanceOf,
  chancesValid,
  changeGift,
  expectedValue,
  removeReward,
  type DraftReward,
} from '../model/rewards-model';
import { RewardGiftPicker, type PickerKind } from './reward-gift-picker';
import { RewardRow } from './reward-row';

interface RewardsEditorProps {
  rewards: DraftReward[];
  onChange: (rewards: DraftReward[]) => void;
  /** Box price in Stars, for the expected value and margin. */
  price: number;
}

/** Weighted rewards: rows, Add Reward, the chance total and the expected value per opening. */
export function RewardsEditor({ rewards, onChange, price }: RewardsEditorProps) {
  const [picking, setPicking] = useState<{ id: number; kind: PickerKind } | null>(null);
  const total = sumChances(rewards.map((r) => ({ chance: chanceOf(r) }))) * 100;
  const valid = chancesValid(rewards);
  const { ev, margin } = expectedValue(rewards, price);
  const replace = (next: DraftReward) => onChange(rewards.map((r) => (r.id === next.id ? next : r)));
  // Gifts other rewards already give are not offered again.
  const taken = rewards.flatMap((r) =>
    r.id === picking?.id ? [] : [r.giftData?.shopItemId ?? r.giftData?.id].filter((v) => v !== undefined),
  ) as Array<number | string>;

  return (
    <Flex vertical gap={8}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Rewards
      </Typography.Title>
      {rewards.map((r) => (
        <RewardRow
          key={r.id}
          reward={r}
          canRemove={rewards.length > 1}
          onChange={replace}
          onRemove={() => onChange(removeReward(rewards, r.id))}
          onChooseGift={(kind) => setPicking({ id: r.id, kind })}
        />
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange(addReward(rewards))}>
        Add Reward
      </Button>
      <Typography.Text aria-live="polite" type={valid ? 'success' : 'danger'}>
        Total chance: {Number(total.toFixed(3))}%
      </Typography.Text>
      {!valid && <Alert type="error" showIcon title={CHANCE_TOTAL_MESSAGE} />}
      <Typography.Text type="secondary" aria-label="Expected value">
        Expected value per opening: {ev.toFixed(2)} Stars against a price of {price} Stars
        {margin !== null && ` · House margin: ${margin.toFixed(2)}%`}
      </Typography.Text>
      <RewardGiftPicker
        kind={picking?.kind ?? null}
        excludeIds={taken}
        onClose={() => setPicking(null)}
        onPick={(giftData) => {
          const target = rewards.find((r) => r.id === picking?.id);
          if (target)
            replace(changeGift(target, { ...giftData, customImageUrl: target.giftData?.customImageUrl }));
          setPicking(null);
        }}
      />
    </Flex>
  );
}
