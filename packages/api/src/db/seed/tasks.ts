import type { tasks } from '../schema/tasks';
import { decimal, rngFor } from './random';
import { DAY, Timeline } from './timeline';
import { telegramIdOf } from './users';

const TASKS_DOMAIN = 3;
const TASK_COUNT = 40;

type NewTask = typeof tasks.$inferInsert;
type NewCompletion = { taskId: number; telegramId: number; createdAt: Date };

const PARTNER_TASKS: ReadonlyArray<readonly [string, string, string]> = [
  ['Subscribe to {x} channel', 'Подпишись на канал {x}', 'channel'],
  ['Join the {x} community chat', 'Вступи в чат сообщества {x}', 'chat'],
  ['Play {x} mini app', 'Сыграй в мини-приложение {x}', 'app'],
  ['Follow {x} on X', 'Подпишись на {x} в X', 'x'],
  ['Boost the {x} channel', 'Забусть канал {x}', 'channel'],
];
const IN_GAME_TASKS: ReadonlyArray<readonly [string, string]> = [
  ['Win {n} games', 'Выиграй {n} игр'],
  ['Invite {n} friends', 'Пригласи {n} друзей'],
  ['Open {n} loot boxes', 'Открой {n} лутбоксов'],
  ['Log in {n} days in a row', 'Заходи {n} дней подряд'],
  ['Buy an item in the shop', 'Купи предмет в магазине'],
  ['Make your first deposit', 'Сделай первый депозит'],
];

/** The 40 tasks, ids 1..40 (inserted explicitly so completions can reference them). */
export function buildTasks(time: Timeline): NewTask[] {
  const { f } = rngFor(TASKS_DOMAIN);
  return Array.from({ length: TASK_COUNT }, (_, k) => {
    const partner = k % 5 < 3;
    const brand =
      f.company
        .name()
        .split(/[\s,-]/)[0]!
        .replace(/[^A-Za-z]/g, '') || 'Partner';
    const handle = `${brand.toLowerCase()}_${f.string.alphanumeric({ length: 4, casing: 'lower' })}`;
    const n = f.helpers.arrayElement([3, 5, 7, 10, 25]);
    const [titleEn, titleRu, kind] = partner
      ? f.helpers.arrayElement(PARTNER_TASKS)
      : [...f.helpers.arrayElement(IN_GAME_TASKS), 'game'];
    const follow = partner && (kind === 'channel' || kind === 'chat');
    const currency = f.helpers.weightedArrayElement([
      { value: 'TON' as const, weight: 2 },
      { value: 'STAR' as const, weight: 3 },
      { value: 'RED_CHIP' as const, weight: 3 },
      { value: 'PLAY' as const, weight: 2 },
    ]);
    const amount =
      currency === 'TON'
        ? f.helpers.arrayElement([0.01, 0.05, 0.1, 0.25])
        : f.helpers.arrayElement([10, 25, 50, 100, 500]);
    return {
      id: k + 1,
      category: partner ? 'Partners' : 'In Game',
      photoUrl: '',
      titleEn: titleEn.replace('{x}', brand).replace('{n}', String(n)),
      titleRu: titleRu.replace('{x}', brand).replace('{n}', String(n)),
      rewardCurrency: currency,
      rewardAmount: decimal(amount, 2),
      link: kind === 'game' ? null : kind === 'x' ? `https://x.com/${handle}` : `https://t.me/${handle}`,
      isTelegramFollow: follow,
      telegramChatId: follow ? `@${handle}` : null,
      status: f.number.float() < 0.8,
      createdAt: new Date(time.now - (TASK_COUNT - k) * 7 * DAY + f.number.int({ min: 0, max: DAY })),
    } satisfies NewTask;
  });
}

/** Completions of users [from, to): about half the players complete a few tasks. */
export function buildCompletions(
  time: Timeline,
  tasks: NewTask[],
  from: number,
  to: number,
  chunk: number,
): NewCompletion[] {
  const { f } = rngFor(TASKS_DOMAIN, chunk + 1);
  const weights = tasks.map((t, k) => ({ value: t, weight: 1 + ((k * 7919) % 13) }));
  const rows: NewCompletion[] = [];
  for (let i = from; i < to; i++) {
    if (f.number.float() > 0.55) continue;
    const count = 1 + Math.floor(f.number.float() ** 3 * 20);
    const joined = time.userCreatedAt(i);
    const done = new Set<number>();
    for (let c = 0; c < count; c++) {
      const task = f.helpers.weightedArrayElement(weights);
      if (done.has(task.id!)) continue;
      done.add(task.id!);
      const since = Math.max(joined, task.createdAt!.getTime());
      rows.push({
        taskId: task.id!,
        telegramId: telegramIdOf(i),
        createdAt: new Date(since + (time.now - since) * f.number.float()),
      });
    }
  }
  return rows;
}
