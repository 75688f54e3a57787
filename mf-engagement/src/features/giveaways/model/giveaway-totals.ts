import { giveawayStatus, type Giveaway, type GiveawaysStats } from '@manager/contract';

/** The four tiles: Active = on and not expired; Expired = expiry past; Free = isFree. */
export function giveawayTotals(all: readonly Giveaway[], now: number): GiveawaysStats {
  return {
    total: all.length,
    active: all.filter((g) => giveawayStatus(g, now) === 'Active').length,
    expired: all.filter((g) => giveawayStatus(g, now) === 'Expired').length,
    free: all.filter((g) => g.isFree).length,
  };
}
