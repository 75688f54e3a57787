import { z } from 'zod';
import {
  CHANCE_TOLERANCE,
  MAX_PAGE_LIMIT,
  PAGE_SIZES,
  REWARD_TYPES,
  STARS_RATE_BY_REWARD,
  STARS_RATE_BY_SHOP_CURRENCY,
} from '../constants.ts';
import {
  currencySchema,
  formMoney,
  isoDate,
  jsonAmount,
  jsonText,
  paginationOf,
  queryEnum,
  rowIdSchema,
  sortParam,
  text,
  URL_MAX,
  wholeOrPageQuery,
} from './common.ts';

const rewardTypeSchema = z.enum(REWARD_TYPES);

/**
 * Gift data of a reward. GIFT: thumbnailUrl, emoji, name; NFT: name, customImageUrl;
 * NFT_FAKE: name, imageUrl; SHOP: shopItemId, name, thumbUrl, customImageUrl, price, currency.
 * The editor may also carry `fileIndex`: the n of the `nft_{n}`/`nft_fake_{n}`/`shop_{n}` file part.
 */
const giftDataSchema = z.object({
  id: z.union([text.max(100), z.number()]).optional(),
  name: text.max(200).optional(),
  thumbnailUrl: text.max(URL_MAX).nullable().optional(),
  /** One emoji, which may be a sequence of several code points (flags, skin tones, families). */
  emoji: text.max(64).nullable().optional(),
  customImageUrl: text.max(URL_MAX).nullable().optional(),
  imageUrl: text.max(URL_MAX).nullable().optional(),
  shopItemId: rowIdSchema.optional(),
  thumbUrl: text.max(URL_MAX).nullable().optional(),
  price: jsonAmount.optional(),
  currency: currencySchema.optional(),
  fileIndex: z.number().int().min(0).optional(),
});
export type GiftData = z.infer<typeof giftDataSchema>;

export const lootBoxRewardSchema = z.object({
  /** 1-based, renumbered when a reward is removed. */
  id: z.number().int().min(1),
  type: rewardTypeSchema,
  amount: jsonAmount,
  /** Fraction 0..1 (the editor shows percent). */
  chance: z.number().min(0).max(1),
  starsValue: jsonAmount,
  showInModal: z.boolean().default(true),
  giftData: giftDataSchema.nullable().optional(),
});
export type LootBoxReward = z.infer<typeof lootBoxRewardSchema>;

export const lootBoxSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Cost in Stars. */
  amount: z.coerce.number(),
  imageUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: isoDate,
  rewards: z.array(lootBoxRewardSchema),
});
export type LootBox = z.infer<typeof lootBoxSchema>;

/* GET /loot-boxes?page&limit=20&search&status&sort (docs/api.md#lists) */
export const LOOT_BOX_SORTS = ['createdAt', 'amount', 'name'] as const;
/** `search`: names containing the text. */
export const lootBoxesQuerySchema = wholeOrPageQuery(PAGE_SIZES.LOOT_BOXES, MAX_PAGE_LIMIT).extend({
  status: queryEnum(['active', 'inactive']),
  /** Default `-createdAt` (newest first). */
  sort: sortParam(LOOT_BOX_SORTS),
});
export type LootBoxesQuery = z.input<typeof lootBoxesQuerySchema>;
export const lootBoxesPageSchema = z.object({
  lootBoxes: z.array(lootBoxSchema),
  pagination: paginationOf('totalLootBoxes'),
});
export const lootBoxesResponseSchema = z.union([z.array(lootBoxSchema), lootBoxesPageSchema]);

/* ---------- chance rules (`docs/screens.md`, loot boxes), shared by the editor and the server ---------- */

export const sumChances = (rewards: ReadonlyArray<{ chance: number }>): number =>
  rewards.reduce((sum, r) => sum + (Number.isFinite(r.chance) ? r.chance : 0), 0);

/** Binary fractions make 0.899 + 0.1 land a hair past 0.001 away: exactly 99.9% still counts. */
const FLOAT_SLACK = 1e-9;
export const isChanceTotalValid = (rewards: ReadonlyArray<{ chance: number }>): boolean =>
  Math.abs(sumChances(rewards) - 1) <= CHANCE_TOLERANCE + FLOAT_SLACK;

export const CHANCE_TOTAL_MESSAGE = 'Total chance must equal 100%';
/** The save error names the current total, e.g. "(currently 95%)". */
export const chanceTotalError = (rewards: ReadonlyArray<{ chance: number }>): string =>
  `${CHANCE_TOTAL_MESSAGE} (currently ${Number((sumChances(rewards) * 100).toFixed(2))}%)`;

/** Percent text from the editor ("12,5" or "") to a fraction; empty counts as 0. */
export function percentTextToChance(text: string): number {
  const n = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? 0 : n / 100;
}

/** Stars value of a reward (`docs/api.md`), or null when it is set by hand (NFT_FAKE). */
export function rewardStarsValue(reward: Pick<LootBoxReward, 'type' | 'amount' | 'giftData'>): number | null {
  const price = reward.giftData?.price ?? 0;
  switch (reward.type) {
    case 'TON':
      return reward.amount * STARS_RATE_BY_REWARD.TON;
    case 'STARS':
      return reward.amount * STARS_RATE_BY_REWARD.STARS;
    case 'NFT':
      return price * STARS_RATE_BY_REWARD.NFT;
    case 'GIFT':
      return price * STARS_RATE_BY_REWARD.GIFT;
    case 'SHOP': {
      const currency = reward.giftData?.currency;
      const rate =
        currency && currency in STARS_RATE_BY_SHOP_CURRENCY
          ? STARS_RATE_BY_SHOP_CURRENCY[currency as keyof typeof STARS_RATE_BY_SHOP_CURRENCY]
          : null;
      return rate === null ? null : price * rate;
    }
    default:
      return null;
  }
}

/** `rewards` multipart field: a JSON list whose chances sum to 100% within the tolerance. */
const rewardsField = jsonText(
  z
    .array(lootBoxRewardSchema)
    .min(1, 'At least one reward is required')
    .max(50)
    .refine(isChanceTotalValid, { message: CHANCE_TOTAL_MESSAGE }),
);

/* POST /loot-boxes and PUT /loot-boxes/:id (multipart text fields; files image, nft_{n}, nft_fake_{n}, shop_{n}) */
export const lootBoxBodySchema = z.object({
  name: text.trim().min(1, 'name is required').max(200),
  amount: formMoney.pipe(z.number().int('amount must be a whole number of Stars')),
  rewards: rewardsField,
});
export type LootBoxFields = z.output<typeof lootBoxBodySchema>;
export const lootBoxResponseSchema = lootBoxSchema;

/** Multipart file part names allowed for reward images. */
export const REWARD_FILE_FIELD = /^(nft|nft_fake|shop)_(\d{1,3})$/;
