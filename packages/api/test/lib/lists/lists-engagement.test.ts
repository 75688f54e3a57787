import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giveawayStatus,
  PAGE_SIZES,
  tournamentStatus,
  type Giveaway,
  type Withdrawal,
} from '@manager/contract';
import { signedInApp, signIn, type TestApp } from '../../support/helper';
import { listReader, middleOf, type ListSpec, type Row } from './lists-support';

let t: TestApp;
let token: string;
let read: ReturnType<typeof listReader>;
beforeAll(async () => {
  ({ t, token } = await signedInApp({ users: 200 }));
  read = listReader(t, token);
});
afterAll(async () => {
  await t?.close();
});

const rows = async (q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
const countOf = async (q: ReturnType<typeof sql>) => Number((await rows(q))[0]!.n);

const TASKS: ListSpec = { path: '/tasks', key: 'tasks', totalKey: 'totalTasks', pageSize: PAGE_SIZES.TASKS };
const GIVEAWAYS: ListSpec = {
  path: '/giveaways',
  key: 'giveaways',
  totalKey: 'totalGiveaways',
  pageSize: PAGE_SIZES.GIVEAWAYS,
};
const MAILINGS: ListSpec = {
  path: '/mailing',
  key: 'mailings',
  totalKey: 'totalMailings',
  pageSize: PAGE_SIZES.MAILINGS,
  wholeKey: 'mailings',
};
const TOURNAMENTS: ListSpec = {
  path: '/tournaments',
  key: 'tournaments',
  totalKey: 'totalTournaments',
  pageSize: PAGE_SIZES.TOURNAMENTS,
};
const WITHDRAWALS: ListSpec = {
  path: '/withdrawals',
  key: 'withdrawals',
  totalKey: 'totalWithdrawals',
  pageSize: PAGE_SIZES.WITHDRAWALS,
};

const titled = (q: string) => (r: Row) =>
  [r.titleEn, r.titleRu].some((v) => (v as string).toLowerCase().includes(q.toLowerCase()));

describe('GET /manager/tasks: whole or by page', () => {
  it('pages with the cards over every task; filters by category, status and title; sorts', async () => {
    const [off] = await rows(sql`select id from tasks order by id limit 1`);
    await rows(sql`update tasks set status = false where id = ${off!.id}`);
    const all = await read.all(TASKS);
    expect(all).toHaveLength(await countOf(sql`select count(*)::int as n from tasks`));
    expect(all.map((r) => r.createdAt)).toEqual(
      all
        .map((r) => r.createdAt as string)
        .sort()
        .reverse(),
    );
    const page = await read.pageMatches(
      TASKS,
      'category=Partners',
      await read.all(TASKS, 'category=Partners'),
      1,
    );
    const active = all.filter((r) => r.status).length;
    expect(page.stats).toEqual({
      total: all.length,
      active,
      inactive: all.length - active,
      completions: all.reduce((s, r) => s + (r.completed as number), 0),
    });
    expect(page.stats.completions).toBeGreaterThan(0);
    await read.pageMatches(TASKS, '', all, 2, 3);
    await read.filterMatches(TASKS, all, 'category=In%20Game', (r) => r.category === 'In Game');
    await read.filterMatches(TASKS, all, 'status=inactive', (r) => r.status === false);
    const title = middleOf(all[1]!.titleEn as string, 4);
    await read.filterMatches(TASKS, all, `search=${encodeURIComponent(title)}`, titled(title));
    await read.sortMatches(TASKS, 'completed', (r) => r.completed as number);
    await read.sortMatches(TASKS, 'rewardAmount', (r) => r.rewardAmount as number);
    await read.refuses(TASKS, 'category=Games', 'category');
    await read.refuses(TASKS, 'sort=-status', 'sort');
  });
});

describe('GET /manager/giveaways: whole or by page', () => {
  it('latest expiry first; the status filter and tiles follow giveawayStatus at the server clock', async () => {
    const now = t.clock.now().getTime();
    const all = await read.all(GIVEAWAYS);
    expect(all).toHaveLength(await countOf(sql`select count(*)::int as n from giveaways`));
    expect(all.map((r) => r.expiredDate)).toEqual(
      all
        .map((r) => r.expiredDate as string)
        .sort()
        .reverse(),
    );
    const status = (r: Row) => giveawayStatus(r as unknown as Giveaway, now);
    const page = await read.pageMatches(
      GIVEAWAYS,
      'status=expired',
      await read.all(GIVEAWAYS, 'status=expired'),
      1,
    );
    expect(page.stats).toEqual({
      total: all.length,
      active: all.filter((r) => status(r) === 'Active').length,
      expired: all.filter((r) => status(r) === 'Expired').length,
      free: all.filter((r) => r.isFree).length,
    });
    for (const s of ['active', 'inactive', 'expired'] as const) {
      await read.filterMatches(GIVEAWAYS, all, `status=${s}`, (r) => status(r).toLowerCase() === s);
    }
    // Moving the clock past an expiry moves that giveaway from active to expired.
    const soonest = all
      .filter((r) => status(r) === 'Active')
      .sort((a, b) => Date.parse(a.expiredDate as string) - Date.parse(b.expiredDate as string))[0]!;
    // (A new sign-in at each clock: the session of the other time has expired.)
    t.clock.advance(Date.parse(soonest.expiredDate as string) - now);
    const later = listReader(t, (await signIn(t)).accessToken);
    expect((await later.all(GIVEAWAYS, 'status=expired')).map((r) => r.id)).toContain(soonest.id);
    t.clock.advance(now - t.clock.now().getTime());
    read = listReader(t, (await signIn(t)).accessToken);
  });

  it('searches the exact id or a gift name; sorts by creation', async () => {
    const all = await read.all(GIVEAWAYS);
    const withGift = all.find((r) => (r.gifts as Giveaway['gifts']).length > 0)!;
    const name = middleOf((withGift.gifts as Giveaway['gifts'])[0]!.name, 4);
    const search = (q: string) => (r: Row) =>
      String(r.id) === q ||
      (r.gifts as Giveaway['gifts']).some((g) =>
        [g.name, g.baseName ?? ''].some((v) => v.toLowerCase().includes(q.toLowerCase())),
      );
    await read.filterMatches(GIVEAWAYS, all, `search=${encodeURIComponent(name)}`, search(name));
    await read.filterMatches(GIVEAWAYS, all, `search=${all[3]!.id}`, search(String(all[3]!.id)));
    // The seed creates each giveaway ten days before its expiry, so creation orders as expiry.
    await read.sortMatches(GIVEAWAYS, 'createdAt', (r) => r.expiredDate as string);
    await read.refuses(GIVEAWAYS, 'status=live', 'status');
    await read.refuses(GIVEAWAYS, 'page=-1', 'page');
  });
});

describe('GET /manager/mailing: whole or by page', () => {
  it('{ mailings } whole, with pagination by page; filters by status and message; sorts by recipients', async () => {
    const all = await read.all(MAILINGS);
    expect(all).toHaveLength(await countOf(sql`select count(*)::int as n from mailings`));
    await read.pageMatches(MAILINGS, '', all, 1);
    await read.pageMatches(MAILINGS, '', all, 2, 2);
    const status = all[0]!.status as string;
    await read.filterMatches(MAILINGS, all, `status=${status}`, (r) => r.status === status);
    const text = middleOf(all[1]!.message as string, 5);
    await read.filterMatches(MAILINGS, all, `search=${encodeURIComponent(text)}`, (r) =>
      (r.message as string).toLowerCase().includes(text.toLowerCase()),
    );
    await read.sortMatches(MAILINGS, 'recipients', (r) => r.recipients as number);
    await read.refuses(MAILINGS, 'status=sent', 'status');
  });
});

describe('GET /manager/tournaments: whole or by page', () => {
  it('dated latest first, undated last; status by tournamentStatus; link or id search; sorts', async () => {
    const now = t.clock.now().getTime();
    const all = await read.all(TOURNAMENTS);
    expect(all).toHaveLength(await countOf(sql`select count(*)::int as n from tournaments`));
    const dated = all.filter((r) => r.tournamentsDate);
    expect(all.slice(0, dated.length)).toEqual(dated);
    expect(dated.map((r) => r.tournamentsDate)).toEqual(
      dated
        .map((r) => r.tournamentsDate as string)
        .sort()
        .reverse(),
    );
    expect(dated.length).toBeLessThan(all.length);
    await read.pageMatches(TOURNAMENTS, '', all, 2, 3);
    const status = (r: Row) => tournamentStatus(r.tournamentsDate as string | null, now);
    await read.filterMatches(TOURNAMENTS, all, 'status=live', (r) => status(r) === 'Live');
    await read.filterMatches(TOURNAMENTS, all, 'status=expired', (r) => status(r) === 'Expired');
    await read.filterMatches(TOURNAMENTS, all, 'status=nodate', (r) => status(r) === 'No date');
    const link = all[2]!.tournamentsLink as string;
    await read.filterMatches(
      TOURNAMENTS,
      all,
      `search=${encodeURIComponent(link.slice(-12).toUpperCase())}`,
      (r) =>
        ((r.tournamentsLink as string | null) ?? '').toLowerCase().includes(link.slice(-12).toLowerCase()),
    );
    await read.filterMatches(
      TOURNAMENTS,
      all,
      `search=${all[0]!.id}`,
      (r) => r.id === all[0]!.id || ((r.tournamentsLink as string | null) ?? '').includes(String(all[0]!.id)),
    );
    const ascending = await read.all(TOURNAMENTS, 'sort=tournamentsDate');
    expect(ascending.slice(0, dated.length).map((r) => r.tournamentsDate)).toEqual(
      dated.map((r) => r.tournamentsDate as string).reverse(),
    );
    expect(ascending.slice(dated.length).every((r) => r.tournamentsDate === null)).toBe(true);
    await read.sortMatches(TOURNAMENTS, 'id', (r) => r.id as number);
    await read.refuses(TOURNAMENTS, 'status=soon', 'status');
  });
});

describe('GET /manager/withdrawals: whole or by page', () => {
  it('undecided first, then newest; counters over every listed withdrawal whatever the filter', async () => {
    const [awaiting] = await rows(sql`select id from withdrawals where decision is null order by id limit 1`);
    const [admin] = await rows(sql`select id from admins order by id limit 1`);
    await rows(
      sql`update withdrawals set first_approved_by = ${admin!.id}, first_approval = 'without-transfer', first_approved_at = now() where id = ${awaiting!.id}`,
    );
    const all = await read.all(WITHDRAWALS);
    expect(all).toHaveLength(
      await countOf(
        sql`select count(*)::int as n from withdrawals where decision is distinct from 'rejected'`,
      ),
    );
    const undecided = all.filter((r) => !r.status).length;
    expect(all.slice(0, undecided).every((r) => !r.status)).toBe(true);
    const page = await read.pageMatches(
      WITHDRAWALS,
      'status=approved',
      await read.all(WITHDRAWALS, 'status=approved'),
      1,
    );
    const list = all as unknown as Withdrawal[];
    const approved = list.filter((w) => w.status).length;
    expect(page.counts).toEqual({
      pending: all.length - approved,
      awaiting: list.filter((w) => !w.status && !w.rejected && w.firstApproval).length,
      approved,
      // Rejected ones have a view of their own, outside the default list and its total.
      rejected: await countOf(sql`select count(*)::int as n from withdrawals where decision = 'rejected'`),
      total: all.length,
    });
    expect(page.counts.awaiting).toBe(1);
    await read.pageMatches(WITHDRAWALS, '', all, 3, 4);
  });

  it('filters by status and username; sorts by price and date', async () => {
    const all = await read.all(WITHDRAWALS);
    await read.filterMatches(WITHDRAWALS, all, 'status=pending', (r) => r.status === false);
    await read.filterMatches(WITHDRAWALS, all, 'status=approved', (r) => r.status === true);
    const name = middleOf(
      (all.find((r) => (r.user as { username: string | null }).username)!.user as { username: string })
        .username,
    );
    await read.filterMatches(WITHDRAWALS, all, `search=${encodeURIComponent(name)}`, (r) =>
      ((r.user as { username: string | null }).username ?? '').toLowerCase().includes(name.toLowerCase()),
    );
    await read.sortMatches(WITHDRAWALS, 'price', (r) => r.price as number);
    await read.sortMatches(WITHDRAWALS, 'createdAt', (r) => r.createdAt as string);
    await read.refuses(WITHDRAWALS, 'status=declined', 'status');
    await read.refuses(WITHDRAWALS, 'sort=user', 'sort');
  });
});
