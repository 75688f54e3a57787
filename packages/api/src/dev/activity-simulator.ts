import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { publishEvent } from '../db/console-events';
import {
  games,
  starsPayments,
  tonPayments,
  users,
  withdrawals,
  type GameRewardsJson,
} from '../db/schema/index';

/**
 * A small stand-in for the players of a live platform, for `pnpm start` only: every tick a
 * few players come online or drop off, rooms open, games start and end, deposits and TON
 * withdrawal requests arrive. The top bar's counters, the dashboard and the newest rows of the
 * lists move as they would in production. It writes what players would write (no audit row:
 * no administrator acts), through ordinary statements, so the triggers that keep counters
 * see it like any other write. A tick is one transaction with its console events (a request, a
 * deposit, and `metrics.moved` when anything changed), as the platform would publish them.
 * Never started in production (config refuses it).
 */
export interface ActivitySimulatorOptions {
  /** Milliseconds between ticks. */
  everyMs: number;
  /** Randomness source in [0, 1) (tests pass a seeded one). */
  random?: () => number;
  /** Told what a tick did, for tests and logs. */
  onTick?: (done: TickReport) => void;
  onError?: (error: unknown) => void;
}

export interface TickReport {
  online: number;
  offline: number;
  gamesOpened: number;
  gamesEnded: number;
  tonDeposits: number;
  starsDeposits: number;
  withdrawalRequests: number;
}

/** Players the simulation plays with: the newest, like the ones active on a real platform. */
const CAST_SIZE = 500;
/** How far back a dropped-off player's last activity goes: just past the 5-minute online window. */
const OFFLINE_AGE = sql`interval '6 minutes'`;
const NO_REWARDS: GameRewardsJson = { ton: 0, stars: 0, nfts: [], totalAmount: 0 };

export function startActivitySimulator(
  db: Db,
  options: ActivitySimulatorOptions,
): { stop: () => Promise<void> } {
  const random = options.random ?? Math.random;
  const chance = (p: number) => random() < p;
  const upTo = (n: number) => Math.floor(random() * (n + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let cast: number[] | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  async function tick(db: Tx): Promise<TickReport> {
    cast ??= (
      await db.select({ id: users.telegramId }).from(users).orderBy(desc(users.createdAt)).limit(CAST_SIZE)
    ).map((r) => r.id);
    const report: TickReport = {
      online: 0,
      offline: 0,
      gamesOpened: 0,
      gamesEnded: 0,
      tonDeposits: 0,
      starsDeposits: 0,
      withdrawalRequests: 0,
    };
    if (cast.length < 2) return report;
    const players = cast;
    const now = new Date();

    const comingOnline = Array.from({ length: upTo(4) }, () => pick(players));
    if (comingOnline.length > 0) {
      await db.update(users).set({ lastActive: now }).where(inArray(users.telegramId, comingOnline));
      report.online = new Set(comingOnline).size;
    }
    const leaving = upTo(3);
    if (leaving > 0) {
      const online = db
        .select({ id: users.telegramId })
        .from(users)
        .where(
          and(gt(users.lastActive, sql`now() - interval '5 minutes'`), inArray(users.telegramId, players)),
        )
        .orderBy(users.lastActive)
        .limit(leaving);
      const gone = await db
        .update(users)
        .set({ lastActive: sql`now() - ${OFFLINE_AGE}` })
        .where(inArray(users.telegramId, online))
        .returning({ id: users.telegramId });
      report.offline = gone.length;
    }

    if (chance(0.5)) {
      const [p1, p2] = [pick(players), pick(players)];
      const waiting = p1 === p2 || chance(0.3);
      await db.insert(games).values({
        roomCode: randomRoomCode(random),
        isPrivate: chance(0.2),
        player1Id: p1,
        player2Id: waiting ? null : p2,
        status: waiting ? 'waiting' : 'in_progress',
        player1Rewards: NO_REWARDS,
        player2Rewards: NO_REWARDS,
      });
      report.gamesOpened = 1;
    }
    if (chance(0.45)) {
      const [game] = await db
        .select({ id: games.id, p1: games.player1Id, p2: games.player2Id })
        .from(games)
        .where(and(eq(games.status, 'in_progress'), inArray(games.player1Id, players)))
        .orderBy(games.createdAt)
        .limit(1);
      if (game?.p2) {
        const p1Wins = chance(0.5);
        const prize: GameRewardsJson = {
          ton: round2(0.1 + random() * 2),
          stars: 0,
          nfts: [],
          totalAmount: 0,
        };
        prize.totalAmount = prize.ton;
        await db
          .update(games)
          .set({
            status: 'finished',
            finishedAt: now,
            score1: p1Wins ? 3 : upTo(2),
            score2: p1Wins ? upTo(2) : 3,
            winnerTelegramId: p1Wins ? game.p1 : game.p2,
            player1Rewards: p1Wins ? prize : NO_REWARDS,
            player2Rewards: p1Wins ? NO_REWARDS : prize,
          })
          .where(and(eq(games.id, game.id), eq(games.status, 'in_progress')));
        report.gamesEnded = 1;
      }
    }

    if (chance(0.3)) {
      const amount = pick([0.5, 1, 2, 5, 10, 20]);
      const hash = randomHex(random, 64);
      const [ton] = await db
        .insert(tonPayments)
        .values({
          telegramId: pick(players),
          transactionId: hash,
          type: 'deposit',
          link: `https://tonviewer.com/transaction/${hash}`,
          product: 'TON',
          productAmount: amount.toFixed(2),
          wallet: null,
          amount: amount.toFixed(2),
          fee: (amount * 0.01).toFixed(4),
          status: chance(0.85),
        })
        .returning({ id: tonPayments.transactionId });
      await publishEvent(db, {
        entity: 'payment',
        entityId: ton?.id,
        action: 'payment.received',
        actor: null,
      });
      report.tonDeposits = 1;
    }
    if (chance(0.3)) {
      const amount = pick([50, 100, 250, 500, 1000]);
      const [stars] = await db
        .insert(starsPayments)
        .values({
          telegramId: pick(players),
          transactionId: `stxt${randomHex(random, 36)}`,
          type: 'deposit',
          link: null,
          product: 'STAR',
          productAmount: amount,
          wallet: null,
          amount,
          fee: Math.round(amount * 0.03),
          status: chance(0.9),
        })
        .returning({ id: starsPayments.transactionId });
      await publishEvent(db, {
        entity: 'payment',
        entityId: stars?.id,
        action: 'payment.received',
        actor: null,
      });
      report.starsDeposits = 1;
    }
    if (chance(0.1)) {
      const [request] = await db
        .insert(withdrawals)
        .values({
          telegramId: pick(players),
          currency: 'TON',
          price: pick([1, 2, 5, 10]).toFixed(2),
          wallet: `UQ${randomHex(random, 46)}`,
          inventoryId: null,
        })
        .returning({ id: withdrawals.id });
      await publishEvent(db, {
        entity: 'withdrawal',
        entityId: request?.id,
        action: 'withdrawal.requested',
        actor: null,
      });
      report.withdrawalRequests = 1;
    }
    if (Object.values(report).some((n) => n > 0))
      await publishEvent(db, { entity: 'metrics', action: 'metrics.moved', actor: null });
    return report;
  }

  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(async () => {
      if (stopped) return;
      try {
        // Not `onTick?.(await tick())`: without a listener (the server passes none) an optional
        // call skips its arguments, and no tick would ever run.
        const report = await db.transaction(tick);
        options.onTick?.(report);
      } catch (error) {
        options.onError?.(error);
      }
    });
  }, options.everyMs);
  timer.unref();

  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const randomHex = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const randomRoomCode = (random: () => number) =>
  Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(random() * 32)]).join('');
