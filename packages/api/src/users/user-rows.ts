import type { UserSummary } from '@manager/contract';
import type { UserRow } from '../db/schema/index';
import { timeAgo } from '../routes/time-ago';
import type { UserCounts } from './user-stats';

/** A stored player as the contract's user summary (money as numbers, dates as ISO text). */
export function toUserSummary(row: UserRow, counts: UserCounts, now: Date): UserSummary {
  return {
    telegramId: row.telegramId,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.avatar,
    isPremium: row.isPremium,
    countryName: row.countryName,
    countryFlag: row.countryFlag,
    lang: row.lang,
    tonBalance: Number(row.tonBalance),
    starsBalance: row.starsBalance,
    redChipBalance: row.redChipBalance,
    playBalance: row.playBalance,
    refNormal: row.refNormal,
    refPremium: row.refPremium,
    refTon: Number(row.refTon),
    refRedChip: row.refRedChip,
    ...counts,
    dailyStrike: row.dailyStrike,
    maxStrike: row.maxStrike,
    updatedAt: row.updatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    lastActive: row.lastActive?.toISOString() ?? null,
    joinedAgo: timeAgo(row.createdAt, now),
  };
}
