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

/**
 * The seed CLI's arguments (see seed-cli.ts); throws naming the flag on a bad or missing value.
 * `auditOnly`: `--audit N` is the only thing asked for (no other count, preset or --reset), so
 * on a database that already holds players the CLI adds N audit rows about them.
 */
export function parseSeedArgs(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  const value = (name: string) => {
    const i = args.indexOf(name);
    if (i < 0) return undefined;
    const next = args[i + 1];
    if (next === undefined || next.startsWith('--')) throw new Error(`${name} needs a value`);
    return next;
  };
  const volume = value('--volume');
  if (volume !== undefined && volume !== 'production')
    throw new Error(`--volume must be production, got ${volume}`);
  const counts: Partial<Record<CountName, number>> = volume === 'production' ? { ...PRODUCTION_VOLUME } : {};
  const given: CountName[] = [];
  for (const [flag, name] of Object.entries(COUNT_FLAGS) as Array<[string, CountName]>) {
    const raw = value(flag);
    if (raw === undefined) continue;
    given.push(name);
    const n = Number(raw.replace(/[_,]/g, ''));
    // Audit rows may be none; every other count at least one.
    if (!Number.isInteger(n) || n < (name === 'audit' ? 0 : 1))
      throw new Error(
        `${flag} must be a ${name === 'audit' ? 'whole' : 'positive whole'} number, got ${raw}`,
      );
    counts[name] = n;
  }
  const chunkArg = value('--chunk');
  const reset = args.includes('--reset');
  return {
    users: counts.users ?? DEFAULT_USERS,
    games: counts.games,
    counts: { shopOrders: counts.shopOrders, withdrawals: counts.withdrawals, payments: counts.payments },
    audit: counts.audit ?? 0,
    reset,
    auditOnly: volume === undefined && !reset && given.length === 1 && given[0] === 'audit',
    chunkRows: chunkArg ? Number(chunkArg) : undefined,
  };
}
