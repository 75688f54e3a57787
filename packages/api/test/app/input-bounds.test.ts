import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { differences, fingerprint } from '../support/db-fingerprint';
import { buildTestApp, signedInApp, signIn, type TestApp } from '../support/helper';
import { form, PNG } from '../support/multipart';
import { rowsOf } from '../support/tasks-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => ({ t, token } = await signedInApp({ users: 50 })));
afterAll(() => t.close());

const firstId = async (query: string) => Number((await rowsOf(t, sql.raw(query)))[0]!.id);
const task = {
  category: 'Partners',
  titleEn: 'Join us',
  titleRu: 'Вступай',
  rewardCurrency: 'TON',
  rewardAmount: '0.5',
  link: 'https://t.me/x',
};
const photo = [{ name: 'photo', value: PNG, filename: 'p.png' }];

/** Sends the request and expects a 400 naming `field`, with no table and no upload changed. */
async function refused(request: Parameters<TestApp['call']>[0], field: string) {
  const before = await fingerprint(t);
  const res = await t.call(request);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(new RegExp(`(^|; )${field.replace(/\./g, '\\.')}: `));
  expect(differences(before, await fingerprint(t))).toEqual([]);
  return res.json().message as string;
}

describe('text the database cannot store', () => {
  it('a NUL or an unpaired surrogate in the sign-in identifier is a 400, before any authentication', async () => {
    for (const identifier of ['admin\u0000', '\u0000', 'x\ud800']) {
      const message = await refused(
        { method: 'POST', url: '/auth/login', payload: { identifier, password: 'whatever1' } },
        'identifier',
      );
      expect(message).toContain('must not contain NUL or unpaired surrogate characters');
    }
  });

  it('a NUL in a multipart field, a JSON field or a query is a 400 naming it', async () => {
    await refused(
      { method: 'POST', url: '/manager/tasks', token, ...form({ ...task, titleEn: 'Join\u0000us' }, photo) },
      'titleEn',
    );
    await refused(
      { method: 'GET', url: `/manager/users?search=${encodeURIComponent('a\u0000')}`, token },
      'search',
    );
    const box = await firstId('select id from loot_boxes order by id limit 1');
    const rewards = JSON.stringify([
      { id: 1, type: 'NFT', amount: 0, chance: 1, starsValue: 10, giftData: { name: 'Pepe\u0000' } },
    ]);
    await refused(
      {
        method: 'PUT',
        url: `/manager/loot-boxes/${box}`,
        token,
        ...form({ name: 'Box', amount: '10', rewards }),
      },
      'rewards.0.giftData.name',
    );
  });
});

describe('numbers past their column', () => {
  it('an amount past numeric(20, 9) is a 400: 12 digits before the point, or 10 after it', async () => {
    expect(
      await refused(
        {
          method: 'POST',
          url: '/manager/tasks',
          token,
          ...form({ ...task, rewardAmount: '100000000000' }, photo),
        },
        'rewardAmount',
      ),
    ).toContain('must have at most 11 digits before the decimal point');
    expect(
      await refused(
        {
          method: 'POST',
          url: '/manager/tasks',
          token,
          ...form({ ...task, rewardAmount: '0.0000000001' }, photo),
        },
        'rewardAmount',
      ),
    ).toContain('must have at most 9 decimals');
    const item = await firstId("select id from shop_items where type <> 'NOOB_PACK' order by id limit 1");
    const shopFields = {
      titleEn: 'F',
      titleRu: 'F',
      descriptionEn: 'F',
      descriptionRu: 'F',
      type: 'FRAME',
      currency: 'TON',
      price: '1e300',
    };
    await refused({ method: 'PUT', url: `/manager/shop-items/${item}`, token, ...form(shopFields) }, 'price');
    const gifts = JSON.stringify([
      { id: await firstId('select id from inventories order by id limit 1'), name: 'Pepe', price: 1 },
    ]);
    await refused(
      {
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form({
          expiredDate: '2030-01-01T00:00:00Z',
          gifts,
          isFree: 'false',
          ticketPriceTon: '123456789012',
        }),
      },
      'ticketPriceTon',
    );
    await refused(
      { method: 'GET', url: '/manager/transactions/ton-payments?minAmount=1e300', token },
      'minAmount',
    );
  });

  it('the largest amounts the column holds are accepted and stored as sent (with MAX_AMOUNT_TON configured that high)', async () => {
    const high = await buildTestApp({ MAX_AMOUNT_TON: '99999999999.999' });
    try {
      const as = (await signIn(high)).accessToken;
      const res = await high.call({
        method: 'POST',
        url: '/manager/tasks',
        token: as,
        ...form({ ...task, rewardAmount: '99999999999.5' }, photo),
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await rowsOf(
        high,
        sql`select reward_amount::text as amount from tasks where id = ${res.json().data.id as number}`,
      );
      expect(row!.amount).toBe('99999999999.500000000');
      const small = await high.call({
        method: 'POST',
        url: '/manager/tasks',
        token: as,
        ...form({ ...task, rewardAmount: '0.000000001' }, photo),
      });
      expect(small.json().data.rewardAmount).toBe(0.000000001);
    } finally {
      await high.close();
    }
  });

  it('a fractional amount filter on Stars payments (a whole-number column) is compared as a number', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/manager/transactions/stars-payments?minAmount=1.5&maxAmount=99999999999.5',
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const amounts = (res.json().data.payments as Array<{ amount: number }>).map((p) => p.amount);
    expect(amounts.length).toBeGreaterThan(0);
    expect(Math.min(...amounts)).toBeGreaterThanOrEqual(2);
  });

  it('an id past integer inside a JSON field is a 400 naming it', async () => {
    const gifts = JSON.stringify([{ id: 2 ** 31, name: 'Pepe', price: 1 }]);
    await refused(
      {
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form({ expiredDate: '2030-01-01T00:00:00Z', gifts, isFree: 'true' }),
      },
      'gifts.0.id',
    );
    const box = await firstId('select id from loot_boxes order by id limit 1');
    const rewards = JSON.stringify([
      {
        id: 1,
        type: 'SHOP',
        amount: 0,
        chance: 1,
        starsValue: 10,
        giftData: { shopItemId: 2 ** 31, price: 1, currency: 'STAR' },
      },
    ]);
    await refused(
      {
        method: 'PUT',
        url: `/manager/loot-boxes/${box}`,
        token,
        ...form({ name: 'Box', amount: '10', rewards }),
      },
      'rewards.0.giftData.shopItemId',
    );
  });
});

describe('numbers in plain decimal notation only', () => {
  const DECIMAL = 'must be a number in plain decimal notation, such as 12 or 0.5';

  it('a withdrawal id in hex ("0x0c" for 12) is a 400: no withdrawal is decided', async () => {
    const [row] = await rowsOf(
      t,
      sql`select id, decision from withdrawals where decision is null and status = false order by id limit 1`,
    );
    const id = Number(row!.id);
    for (const action of ['with-transfer', 'without-transfer', 'reject']) {
      for (const hex of [
        `0x${id.toString(16)}`,
        `0x${id.toString(16).padStart(2, '0')}`,
        ` ${id} `,
        `${id}e0`,
      ]) {
        const message = await refused(
          {
            method: 'POST',
            url: `/manager/withdrawals/${action}`,
            token,
            payload: { id: hex, reason: 'test' },
          },
          'id',
        );
        expect(message).toBe(`id: ${DECIMAL}`);
      }
    }
    const [after] = await rowsOf(t, sql`select decision from withdrawals where id = ${id}`);
    expect(after!.decision).toBe(row!.decision);
  });

  it('a query or path number in hex, binary, octal, exponent or with spaces is a 400 naming it', async () => {
    for (const page of ['0x2', '0b10', '0o2', '2e0', '%202', 'Infinity']) {
      expect(await refused({ method: 'GET', url: `/manager/users?page=${page}`, token }, 'page')).toBe(
        `page: ${DECIMAL}`,
      );
    }
    await refused({ method: 'GET', url: '/manager/tasks?page=1&limit=0x10', token }, 'limit');
    await refused(
      { method: 'GET', url: '/manager/transactions/ton-payments?minAmount=0x10', token },
      'minAmount',
    );
    await refused({ method: 'GET', url: '/manager/audit?adminId=0x1', token }, 'adminId');
    const item = await firstId("select id from shop_items where type <> 'NOOB_PACK' order by id limit 1");
    await refused(
      {
        method: 'PUT',
        url: `/manager/shop-items/0x${item.toString(16)}`,
        token,
        ...form({
          titleEn: 'F',
          titleRu: 'F',
          descriptionEn: 'F',
          descriptionRu: 'F',
          type: 'FRAME',
          currency: 'TON',
          price: '1',
        }),
      },
      'id',
    );
    const ok = await t.call({ method: 'GET', url: '/manager/users?page=2&limit=10', token });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('a multipart number or an id inside a JSON field in any other notation is a 400 naming it', async () => {
    for (const rewardAmount of ['0x10', '1e3', ' 7 ', 'Infinity', '']) {
      await refused(
        { method: 'POST', url: '/manager/tasks', token, ...form({ ...task, rewardAmount }, photo) },
        'rewardAmount',
      );
    }
    const gifts = JSON.stringify([{ id: '0x1', name: 'Pepe', price: 1 }]);
    await refused(
      {
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form({ expiredDate: '2030-01-01T00:00:00Z', gifts, isFree: 'true' }),
      },
      'gifts.0.id',
    );
    const res = await t.call({
      method: 'POST',
      url: '/manager/tasks',
      token,
      ...form({ ...task, rewardAmount: '7.5' }, photo),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rewardAmount).toBe(7.5);
  });
});

describe('dates outside the years 1 to 9999', () => {
  const gifts = '[]';
  it.each([
    '10000-01-01T00:00:00Z',
    '+010000-01-01T00:00:00.000Z',
    '0000-01-01',
    '0000-12-31T23:00:00Z',
    '99999-12-31',
  ])('%s is a 400 naming the field', async (date) => {
    const message = await refused(
      {
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form({ expiredDate: date, gifts, isFree: 'true' }),
      },
      'expiredDate',
    );
    expect(message).toContain('must be a date in the years 1 to 9999');
    await refused(
      { method: 'POST', url: '/manager/tournaments', token, ...form({ tournamentsDate: date }) },
      'tournamentsDate',
    );
    await refused(
      {
        method: 'GET',
        url: `/manager/transactions/stars-payments?startDate=${encodeURIComponent(date)}`,
        token,
      },
      'startDate',
    );
    await refused(
      {
        method: 'POST',
        url: '/manager/leaderboard',
        token,
        payload: { type: 'game', timeRange: 'custom', customStartDate: '2024-01-01', customEndDate: date },
      },
      'customEndDate',
    );
  });

  it('the first and the last day of that range are accepted', async () => {
    const first = await t.call({
      method: 'POST',
      url: '/manager/tournaments',
      token,
      ...form({ tournamentsDate: '0001-01-01T00:00:00Z' }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const last = await t.call({
      method: 'POST',
      url: '/manager/giveaways',
      token,
      ...form({ expiredDate: '9999-12-31T23:59:59.999Z', gifts, isFree: 'true' }),
    });
    expect(last.json().data.expiredDate).toBe('9999-12-31T23:59:59.999Z');
    const board = await t.call({
      method: 'POST',
      url: '/manager/leaderboard',
      token,
      payload: {
        type: 'game',
        timeRange: 'custom',
        customStartDate: '0001-01-01',
        customEndDate: '9999-12-31',
      },
    });
    expect(board.statusCode, board.body).toBe(200);
    const payments = await t.call({
      method: 'GET',
      url: '/manager/transactions/ton-payments?startDate=0001-01-01&endDate=9999-12-31',
      token,
    });
    expect(payments.statusCode, payments.body).toBe(200);
    // The days kept by the rollups end there too: a bound in the last day has no next midnight.
    const lastDay = await t.call({
      method: 'GET',
      url: '/manager/transactions/ton-payments?page=1&startDate=9999-12-31T12:00:00Z',
      token,
    });
    expect(lastDay.statusCode, lastDay.body).toBe(200);
    expect(lastDay.json().data.pagination.totalPayments).toBe(0);
    const orders = await t.call({
      method: 'GET',
      url: '/manager/shop-orders?page=1&from=9999-12-31T12:00:00Z',
      token,
    });
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.revenue.total).toBe(0);
  });
});

describe('links players open', () => {
  const links = [
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/x',
    'https://exa mple.com',
  ];
  it.each(links)(
    '%s is a 400 for the task link, the mailing button and the tournament link',
    async (link) => {
      const message = await refused(
        { method: 'POST', url: '/manager/tasks', token, ...form({ ...task, link }, photo) },
        'link',
      );
      expect(message).toContain('Please enter a valid URL starting with http:// or https://');
      await refused(
        {
          method: 'POST',
          url: '/manager/mailing',
          token,
          ...form({ message: 'Hi', buttonText: 'Play', buttonLink: link }),
        },
        'buttonLink',
      );
      await refused(
        { method: 'POST', url: '/manager/tournaments', token, ...form({ tournamentsLink: link }) },
        'tournamentsLink',
      );
    },
  );

  it('http and https links are kept as typed', async () => {
    const mailing = await t.call({
      method: 'POST',
      url: '/manager/mailing',
      token,
      ...form({ message: 'Hi', buttonText: 'Play', buttonLink: ' https://t.me/manager_bot?start=1 ' }),
    });
    expect(mailing.json().data.buttonLink).toBe('https://t.me/manager_bot?start=1');
    const tournament = await t.call({
      method: 'POST',
      url: '/manager/tournaments',
      token,
      ...form({ tournamentsLink: 'http://example.com/cup' }),
    });
    expect(tournament.json().data.tournamentsLink).toBe('http://example.com/cup');
  });
});

describe('text past the maxLength the API description states', () => {
  type Schema = { maxLength?: number; properties?: Record<string, Schema>; items?: Schema };
  let doc: {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters: Array<{ name: string; schema: Schema }>;
          requestBody?: { content: Record<string, { schema: Schema }> };
        }
      >
    >;
  };
  beforeAll(async () => {
    doc = (await t.app.inject({ method: 'GET', url: '/docs' })).json();
  });
  const parameterMax = (path: string, method: string, name: string) =>
    doc.paths[path]![method]!.parameters.find((p) => p.name === name)!.schema.maxLength!;
  const bodyOf = (path: string, method: string) =>
    Object.values(doc.paths[path]![method]!.requestBody!.content)[0]!.schema;
  const over = (max: number) => 'a'.repeat(max + 1);

  it('is a 400 naming the field: a query, a multipart field, a JSON field, a list inside a field and a path parameter', async () => {
    const search = parameterMax('/manager/users', 'get', 'search');
    expect(search).toBe(200);
    await refused({ method: 'GET', url: `/manager/users?search=${over(search)}`, token }, 'search');
    await refused(
      {
        method: 'POST',
        url: '/manager/tasks',
        token,
        ...form(
          { ...task, titleEn: over(bodyOf('/manager/tasks', 'post').properties!.titleEn!.maxLength!) },
          photo,
        ),
      },
      'titleEn',
    );
    const message = bodyOf('/manager/mailing', 'post').properties!.message!.maxLength!;
    expect(message).toBe(4096);
    await refused(
      {
        method: 'POST',
        url: '/manager/mailing',
        token,
        ...form({ message: over(message), buttonText: 'Play', buttonLink: 'https://t.me/x' }),
      },
      'message',
    );
    await refused(
      {
        method: 'POST',
        url: '/auth/refresh-token',
        payload: {
          refreshToken: over(bodyOf('/auth/refresh-token', 'post').properties!.refreshToken!.maxLength!),
        },
      },
      'refreshToken',
    );
    const giftName = bodyOf('/manager/giveaways', 'post').properties!.gifts!.items!.properties!.name!
      .maxLength!;
    const gifts = JSON.stringify([
      { id: await firstId('select id from inventories order by id limit 1'), name: over(giftName), price: 1 },
    ]);
    await refused(
      {
        method: 'POST',
        url: '/manager/giveaways',
        token,
        ...form({ expiredDate: '2030-01-01T00:00:00Z', gifts, isFree: 'true' }),
      },
      'gifts.0.name',
    );
    const id = parameterMax('/manager/tasks/{id}', 'delete', 'id');
    await refused({ method: 'DELETE', url: `/manager/tasks/${'0'.repeat(id)}1`, token }, 'id');
  });

  it('is accepted at the bound itself', async () => {
    const search = await t.call({
      method: 'GET',
      url: `/manager/users?search=${'a'.repeat(parameterMax('/manager/users', 'get', 'search'))}`,
      token,
    });
    expect(search.statusCode, search.body).toBe(200);
    const titleEn = 'T'.repeat(bodyOf('/manager/tasks', 'post').properties!.titleEn!.maxLength!);
    const created = await t.call({
      method: 'POST',
      url: '/manager/tasks',
      token,
      ...form({ ...task, titleEn }, photo),
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.titleEn).toBe(titleEn);
  });
});
