import { bigint, numeric, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column helpers shared by every table, so money never becomes a float:
 * TON amounts are exact decimals (string in JS, 9 fractional digits like nanotons);
 * Stars, RED_CHIP and PLAY are whole numbers.
 */
export const ton = (name: string) => numeric(name, { precision: 20, scale: 9 });
/** Whole-unit currencies; JS numbers are exact up to 2^53, far above any balance. */
export const units = (name: string) => bigint(name, { mode: 'number' });
/** Telegram ids exceed 2^31 but stay below 2^53. */
export const telegramId = (name: string) => bigint(name, { mode: 'number' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
