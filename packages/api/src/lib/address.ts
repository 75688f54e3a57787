import { normalizeIP } from '@fastify/rate-limit';

/**
 * What limits count per client: the address, with an IPv6 address taken as its /64 (one
 * host holds a whole /64, so counting single IPv6 addresses would give it 2^64 budgets) and
 * an IPv4-mapped IPv6 address as its IPv4. Rate limits and sign-in throttles use the same key;
 * audit rows keep the address as it came.
 */
export const addressKey = (ip: string): string => normalizeIP(ip);
