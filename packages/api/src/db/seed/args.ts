import { DEFAULT_USERS, PRODUCTION_VOLUME } from './volumes';

const COUNT_FLAGS = {
  '--users': 'users',
  '--games': 'games',
  '--shop-orders': 'shopOrders',
  '--withdrawals': 'withdrawals',
  '--payments': 'payments',
  '--audit': 'audit',
} as const;
type CountName = (typeof COUNT_FLAGS)[keyof typeof COUNT_FLAGS];

/** The seed CLI's arguments (see seed-cli.ts); throws naming the flag on a bad value. */
export function parseSeedArgs(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const volume = value('--volume');
  if (volume !== undefined && volume !== 'production') throw new Error(`--volume must be production, got ${volume}`);
  const counts: Partial<Record<CountName, number>> = volume === 'production' ? { ...PRODUCTION_VOLUME } : {};
  for (const [flag, name] of Object.entries(COUNT_FLAGS) as Array<[string, CountName]>) {
    const raw = value(flag);
    if (raw === undefined) continue;
    const n = Number(raw.replace(/[_,]/g, ''));
    // Audit rows may be none; every other count at least one.
    if (!Number.isInteger(n) || n < (name === 'audit' ? 0 : 1)) throw new Error(`${flag} must be a ${name === 'audit' ? 'whole' : 'positive whole'} number, got ${raw}`);
    counts[name] = n;
  }
  const chunkArg = value('--chunk');
  return {
    users: counts.users ?? DEFAULT_USERS,
    games: counts.games,
    counts: { shopOrders: counts.shopOrders, withdrawals: counts.withdrawals, payments: counts.payments },
    audit: counts.audit ?? 0,
    reset: args.includes('--reset'),
    chunkRows: chunkArg ? Number(chunkArg) : undefined,
  };
}

