import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  auditQuerySchema,
  decimalTextToNumber,
  DECIMAL_MESSAGE,
  formMoney,
  formNumber,
  idParamSchema,
  inventoryGiftsQuerySchema,
  jsonAmount,
  lootBoxBodySchema,
  rowIdSchema,
  telegramIdParamSchema,
  telegramIdSchema,
  withdrawalActionRequestSchema,
  giveawaysQuerySchema,
  shopOrdersQuerySchema,
  tasksQuerySchema,
  withdrawalsQuerySchema,
  createGiveawayBodySchema,
  createShopItemBodySchema,
  createTaskBodySchema,
  envelope,
  metricsResponseSchema,
  paymentsQuerySchema,
  updateBalancesRequestSchema,
  updateSettingsBodySchema,
  usersQuerySchema,
  verify2faRequestSchema,
  disable2faRequestSchema,
  dashboardStatsResponseSchema,
} from './index.ts';

describe('query coercion', () => {
  it('defaults page and the documented page size', () => {
    expect(usersQuerySchema.parse({})).toEqual({ page: 1, limit: 50, search: undefined });
  });
  it('coerces numeric strings and rejects junk or excessive limits', () => {
    expect(usersQuerySchema.parse({ page: '3', limit: '10', search: ' bob ' })).toEqual({
      page: 3,
      limit: 10,
      search: 'bob',
    });
    expect(usersQuerySchema.safeParse({ limit: 'abc' }).success).toBe(false);
    expect(usersQuerySchema.safeParse({ limit: '100000' }).success).toBe(false);
    expect(usersQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('parses payment filters and treats blanks as absent', () => {
    const q = paymentsQuerySchema.parse({
      status: 'true',
      minAmount: '1.5',
      maxAmount: '',
      startDate: '2026-01-01',
    });
    expect(q.status).toBe(true);
    expect(q.minAmount).toBe(1.5);
    expect(q.maxAmount).toBeUndefined();
    expect(q.startDate).toBeInstanceOf(Date);
    expect(paymentsQuerySchema.parse({ status: 'false' }).status).toBe(false);
    expect(paymentsQuerySchema.safeParse({ status: 'maybe' }).success).toBe(false);
    expect(paymentsQuerySchema.safeParse({ minAmount: '5', maxAmount: '1' }).success).toBe(false);
    expect(paymentsQuerySchema.safeParse({ startDate: 'not a date' }).success).toBe(false);
  });
});

describe('multipart text fields', () => {
  it('parses the gifts JSON string of a giveaway and zeroes prices of a free one', () => {
    const body = createGiveawayBodySchema.parse({
      expiredDate: '2026-12-31T10:00:00Z',
      gifts: JSON.stringify([{ id: 1, name: 'Plush Pepe #1', price: 12 }]),
      isFree: 'true',
      ticketPriceTon: '2.5',
      ticketPriceStars: '',
    });
    expect(body.gifts[0]?.name).toBe('Plush Pepe #1');
    expect(body.isFree).toBe(true);
    expect(body.ticketPriceTon).toBe(0);
    expect(createGiveawayBodySchema.safeParse({ expiredDate: '2026-12-31', gifts: '[oops' }).success).toBe(
      false,
    );
    expect(createGiveawayBodySchema.safeParse({ expiredDate: '', gifts: '[]' }).success).toBe(false);
  });
  it('keeps a task chat handle only when Telegram follow is ticked', () => {
    const base = {
      category: 'Partners',
      titleEn: 'Join',
      titleRu: 'Вступи',
      rewardAmount: '0.5',
      telegramChatId: '@chan',
    };
    expect(createTaskBodySchema.parse({ ...base, isTelegramFollow: 'false' }).telegramChatId).toBeNull();
    const follow = createTaskBodySchema.parse({ ...base, isTelegramFollow: 'true', link: '' });
    expect(follow).toMatchObject({
      telegramChatId: '@chan',
      rewardAmount: 0.5,
      rewardCurrency: 'TON',
      link: null,
    });
    expect(createTaskBodySchema.safeParse({ ...base, link: 'not a url' }).success).toBe(false);
    expect(createTaskBodySchema.safeParse({ ...base, category: 'Other' }).success).toBe(false);
  });
  it('parses bundle ids only for NOOB_PACK', () => {
    const base = {
      titleEn: 'a',
      titleRu: 'b',
      descriptionEn: 'c',
      descriptionRu: 'd',
      price: '10',
      currency: 'STAR',
    };
    expect(
      createShopItemBodySchema.parse({ ...base, type: 'NOOB_PACK', bundleItems: '[1,"2"]' }).bundleItems,
    ).toEqual([1, 2]);
    expect(
      createShopItemBodySchema.parse({ ...base, type: 'FRAME', bundleItems: '[1]' }).bundleItems,
    ).toEqual([]);
    expect(createShopItemBodySchema.safeParse({ ...base, type: 'FRAME', price: '-1' }).success).toBe(false);
  });
  it('parses settings booleans and rejects unknown redirect actions', () => {
    const s = updateSettingsBodySchema.parse({
      technicalMode: 'false',
      playToStars: '0.25',
      playToRedChip: '4',
      bannerOneUrl: 'ShopPage',
      bannerOneStatus: 'true',
      bannerTwoUrl: '',
      bannerTwoStatus: 'false',
    });
    expect(s).toMatchObject({
      technicalMode: false,
      playToStars: 0.25,
      bannerOneStatus: true,
      bannerTwoUrl: null,
    });
    expect(updateSettingsBodySchema.safeParse({ ...s, bannerOneUrl: 'EvilPage' }).success).toBe(false);
  });
});

describe('JSON bodies', () => {
  it('rejects fractional or negative non-TON balances', () => {
    const figures = {
      tonBalance: '1.25',
      starsBalance: 3,
      redChipBalance: 0,
      playBalance: 0,
      refNormal: 0,
      refPremium: 0,
    };
    const ok = {
      ...figures,
      expected: { ...figures, tonBalance: '1.123456789' },
      reason: 'Support ticket 12',
    };
    expect(updateBalancesRequestSchema.parse(ok).tonBalance).toBe(1.25);
    expect(updateBalancesRequestSchema.parse(ok).expected.tonBalance).toBe(1.123456789);
    expect(updateBalancesRequestSchema.safeParse(figures).success).toBe(false);
    expect(updateBalancesRequestSchema.safeParse({ ...ok, starsBalance: 1.5 }).success).toBe(false);
    expect(updateBalancesRequestSchema.safeParse({ ...ok, playBalance: -1 }).success).toBe(false);
  });
  it('requires a reason for a balance edit, blank included', () => {
    const figures = {
      tonBalance: 1,
      starsBalance: 3,
      redChipBalance: 0,
      playBalance: 0,
      refNormal: 0,
      refPremium: 0,
    };
    const edit = { ...figures, expected: figures };
    for (const reason of [undefined, '', '   ']) {
      const parsed = updateBalancesRequestSchema.safeParse({ ...edit, reason });
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['reason', 'Please enter a reason'],
      ]);
    }
    expect(updateBalancesRequestSchema.parse({ ...edit, reason: ' refund ' }).reason).toBe('refund');
  });
  it('uses the documented messages for two-factor inputs', () => {
    const empty = verify2faRequestSchema.safeParse({ adminId: 1, token: '', tempToken: 't' });
    expect(empty.error?.issues[0]?.message).toBe('Please enter a code');
    const short = disable2faRequestSchema.safeParse({ password: 'x', twoFactorCode: '123' });
    expect(short.error?.issues[0]?.message).toBe('2FA code must be 6 digits');
    expect(
      verify2faRequestSchema.safeParse({ adminId: 1, token: 'ABCD-EFGH-', tempToken: 't' }).success,
    ).toBe(false);
  });
  it('wraps data in the envelope and coerces dashboard totals', () => {
    const metrics = envelope(metricsResponseSchema);
    expect(
      metrics.safeParse({ code: 200, data: { totalUsers: 1, onlineUsers: 0, activeGames: 2 } }).success,
    ).toBe(true);
    expect(metrics.safeParse({ code: 200, data: { totalUsers: 1 } }).success).toBe(false);
    const stats = dashboardStatsResponseSchema.parse({
      totalTon: '12.5',
      totalStars: 3,
      totalRedChip: '0',
      totalInventory: '7',
      totalPendingWithdrawals: 1,
      totalDoneWithdrawals: 2,
      top10Countries: [],
      lastRegisteredUsers: [],
      top10TaskCompleters: [],
      top10Referrers: [],
    });
    expect(stats.totalTon).toBe(12.5);
  });
});

describe('telegram ids', () => {
  it('coerce path params to numbers and refuse non-digits', async () => {
    const { telegramIdParamSchema } = await import('./index.ts');
    expect(telegramIdParamSchema.parse({ telegramId: '5012345678' })).toEqual({ telegramId: 5012345678 });
    expect(telegramIdParamSchema.safeParse({ telegramId: '12a' }).success).toBe(false);
    expect(telegramIdParamSchema.safeParse({ telegramId: '99999999999999999' }).success).toBe(false);
  });
});

describe('row ids', () => {
  it('refuse ids past a PostgreSQL integer, so the API answers 400 and never 500', async () => {
    const { idParamSchema, withdrawalActionRequestSchema, PG_INT_MAX } = await import('./index.ts');
    expect(idParamSchema.parse({ id: String(PG_INT_MAX) }).id).toBe(PG_INT_MAX);
    expect(idParamSchema.safeParse({ id: '3000000000' }).success).toBe(false);
    expect(withdrawalActionRequestSchema.safeParse({ id: 3_000_000_000 }).success).toBe(false);
    expect(withdrawalActionRequestSchema.safeParse({ id: 7, user: { username: 'x' } }).success).toBe(true);
  });
});

describe('lists answered whole or by page', () => {
  it('no page: the whole list; a page: limit defaults to the list size, filters and sort parsed', () => {
    expect(shopOrdersQuerySchema.parse({})).toEqual({ limit: 15 });
    expect(
      shopOrdersQuerySchema.parse({
        page: '2',
        search: ' anna ',
        currency: 'TON',
        sort: '-price',
        from: '2026-11-01',
      }),
    ).toEqual({
      page: 2,
      limit: 15,
      search: 'anna',
      currency: 'TON',
      sort: '-price',
      from: new Date('2026-11-01'),
    });
    expect(withdrawalsQuerySchema.parse({ page: '1', status: '', sort: '' })).toEqual({ page: 1, limit: 10 });
  });
  it('refuses an unknown filter value or sort key, naming the field', () => {
    const bad = tasksQuerySchema.safeParse({ status: 'done', sort: '-title' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(['sort', 'status']);
    expect(giveawaysQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('numbers in plain decimal notation only', () => {
  /** `paths`: the field paths a refusal names ('' for a piece alone). */
  type Piece = {
    name: string;
    key: string;
    parse: (value: unknown) => { success: boolean; paths?: string[]; data?: unknown };
    decimals: boolean;
  };
  /** `schema` parsed with `value` at `key` of an otherwise valid `base`; a refusal must name `key`. */
  const field = (
    name: string,
    schema: z.ZodType,
    base: Record<string, unknown>,
    key: string,
    decimals: boolean,
  ): Piece => ({
    name,
    key,
    decimals,
    parse: (value) => {
      const result = schema.safeParse({ ...base, [key]: value });
      if (result.success) return { success: true, data: (result.data as Record<string, unknown>)[key] };
      return { success: false, paths: result.error.issues.map((i) => i.path.join('.')) };
    },
  });
  const alone = (name: string, schema: z.ZodType, decimals: boolean): Piece => ({
    name,
    key: '',
    decimals,
    parse: (value) => {
      const result = schema.safeParse(value);
      return result.success
        ? { success: true, data: result.data }
        : { success: false, paths: result.error.issues.map((i) => i.path.join('.')) };
    },
  });
  const rewards = JSON.stringify([{ id: 1, type: 'STARS', amount: 1, chance: 1, starsValue: 1 }]);
  const figures = {
    tonBalance: 1,
    starsBalance: 1,
    redChipBalance: 0,
    playBalance: 0,
    refNormal: 0,
    refPremium: 0,
  };
  const settings = {
    technicalMode: 'false',
    playToStars: '1',
    playToRedChip: '1',
    bannerOneStatus: 'true',
    bannerTwoStatus: 'false',
  };
  const task = { category: 'Partners', titleEn: 'a', titleRu: 'b', rewardAmount: '1' };
  const shopItem = {
    titleEn: 'a',
    titleRu: 'b',
    descriptionEn: 'c',
    descriptionRu: 'd',
    type: 'FRAME',
    price: '1',
    currency: 'TON',
  };
  const pieces: Piece[] = [
    alone('formNumber', formNumber, true),
    alone('formMoney', formMoney, true),
    alone('jsonAmount', jsonAmount, true),
    alone('rowIdSchema', rowIdSchema, false),
    alone('telegramIdSchema', telegramIdSchema, false),
    field('path :id', idParamSchema, {}, 'id', false),
    field('path :telegramId', telegramIdParamSchema, {}, 'telegramId', false),
    field('page of a paged list', usersQuerySchema, {}, 'page', false),
    field('limit of a paged list', usersQuerySchema, {}, 'limit', false),
    field('page of a whole-or-page list', tasksQuerySchema, {}, 'page', false),
    field('limit of a whole-or-page list', tasksQuerySchema, {}, 'limit', false),
    field('audit limit', auditQuerySchema, {}, 'limit', false),
    field('audit adminId', auditQuerySchema, {}, 'adminId', false),
    field('audit userTelegramId', auditQuerySchema, {}, 'userTelegramId', false),
    field('inventory gifts telegramId', inventoryGiftsQuerySchema, {}, 'telegramId', false),
    field('amount filter', paymentsQuerySchema, {}, 'minAmount', true),
    field('withdrawal id', withdrawalActionRequestSchema, {}, 'id', false),
    field('task rewardAmount', createTaskBodySchema, task, 'rewardAmount', true),
    field('shop price', createShopItemBodySchema, shopItem, 'price', true),
    field(
      'giveaway ticket price',
      createGiveawayBodySchema,
      { expiredDate: '2030-01-01', gifts: '[]', isFree: 'false' },
      'ticketPriceTon',
      true,
    ),
    field('loot box amount', lootBoxBodySchema, { name: 'Box', rewards }, 'amount', false),
    field('settings rate', updateSettingsBodySchema, settings, 'playToStars', true),
    field(
      'TON balance',
      updateBalancesRequestSchema,
      { ...figures, expected: figures, reason: 'r' },
      'tonBalance',
      true,
    ),
    field(
      'Stars balance',
      updateBalancesRequestSchema,
      { ...figures, expected: figures, reason: 'r' },
      'starsBalance',
      false,
    ),
  ];
  /** Blank means absent in a query or a price of a free giveaway, by design; everywhere else it is refused. */
  const blankIsAbsent = new Set([
    'page of a paged list',
    'limit of a paged list',
    'page of a whole-or-page list',
    'limit of a whole-or-page list',
    'audit limit',
    'audit adminId',
    'audit userTelegramId',
    'inventory gifts telegramId',
    'amount filter',
    'giveaway ticket price',
  ]);

  it.each(pieces.map((p) => [p.name, p] as const))(
    '%s refuses what only JavaScript reads as a number, naming the field',
    (_name, piece) => {
      const refused = [
        '0x10',
        '0x0c',
        '0X10',
        '0b11',
        '0o7',
        ' 7 ',
        '7 ',
        '\t7',
        '1e3',
        '1E3',
        'Infinity',
        '-Infinity',
        'NaN',
        '+7',
        '.5',
        '7.',
        '1_000',
        '1,5',
        '٧',
      ];
      if (!blankIsAbsent.has(piece.name)) refused.push('', ' ');
      for (const value of refused) {
        const result = piece.parse(value);
        expect(result.success, `${piece.name} ${JSON.stringify(value)}`).toBe(false);
        expect(result.paths, `${piece.name} ${JSON.stringify(value)}`).toEqual([piece.key]);
      }
    },
  );

  it.each(pieces.map((p) => [p.name, p] as const))(
    '%s takes plain decimal text, fractions only where decimals are allowed',
    (_name, piece) => {
      expect(piece.parse('7'), piece.name).toMatchObject({ success: true, data: 7 });
      expect(piece.parse('0007'), piece.name).toMatchObject({ success: true, data: 7 });
      expect(piece.parse('7.5').success, piece.name).toBe(piece.decimals);
      if (piece.decimals) expect(piece.parse('7.5').data, piece.name).toBe(7.5);
    },
  );

  it('says why, and keeps the exact value of decimal text', () => {
    expect(formNumber.safeParse('0x10').error?.issues[0]?.message).toBe(DECIMAL_MESSAGE);
    expect(
      paymentsQuerySchema
        .safeParse({ minAmount: '1e3' })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual([`minAmount: ${DECIMAL_MESSAGE}`]);
    expect(formMoney.parse('99999999999.5')).toBe(99999999999.5);
    expect(formMoney.parse('0.000000001')).toBe(0.000000001);
    expect(jsonAmount.parse(1e3)).toBe(1000);
    expect(decimalTextToNumber('-12.50')).toBe(-12.5);
    expect(decimalTextToNumber('0x0c')).toBeNull();
    // A JSON number keeps its bound's own message.
    expect(usersQuerySchema.safeParse({ limit: 1000 }).error?.issues.map((i) => i.message)).toEqual([
      'Too big: expected number to be <=100',
    ]);
    expect(rowIdSchema.safeParse(7.5).error?.issues.map((i) => i.message)).toEqual([
      'Invalid input: expected int, received number',
    ]);
    expect(rowIdSchema.safeParse('7.5').error?.issues.map((i) => i.message)).toEqual([
      'Invalid input: expected int, received number',
    ]);
  });
});
