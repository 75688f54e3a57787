import { z } from 'zod';
import { rowIdSchema } from './common.ts';

/**
 * Personal data (docs/security.md, Personal data; docs/decisions/0021): withdrawal wallets, TON
 * payment wallets and transaction ids (and the payment link, which carries the transaction id)
 * leave the API masked for every administrator; the whole value comes only from
 * POST /pii/reveal, which needs `pii.reveal` and writes one audit row per reveal.
 */

/** What is cut out of a masked value. */
export const MASK_ELLIPSIS = '…';
/** Characters kept at each end of a masked value. */
const MASK_KEEP = 4;

/**
 * `UQAb…x9Zk`: the first 4 and the last 4 characters with an ellipsis between; a value of 8
 * characters or fewer is the ellipsis alone (the ends would be the whole value). Null stays null.
 */
export function maskValue(value: string | null): string | null;
export function maskValue(value: string | null | undefined): string | null | undefined;
export function maskValue(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  if (value.length <= MASK_KEEP * 2) return MASK_ELLIPSIS;
  return `${value.slice(0, MASK_KEEP)}${MASK_ELLIPSIS}${value.slice(-MASK_KEEP)}`;
}

/** The values a reveal can show: a withdrawal's wallet, a TON payment's wallet or transaction id. */
export const PII_KINDS = ['withdrawal.wallet', 'payment.wallet', 'payment.transactionId'] as const;
export type PiiKind = (typeof PII_KINDS)[number];

/* POST /pii/reveal { kind, id } */
export const piiRevealRequestSchema = z.object({ kind: z.enum(PII_KINDS), id: rowIdSchema });
export type PiiRevealRequest = z.input<typeof piiRevealRequestSchema>;
/** The whole value; `link`: a transaction id's explorer link, whole too (null for a wallet). */
export const piiRevealResponseSchema = z.object({ value: z.string(), link: z.string().nullable() });
export type PiiRevealResponse = z.infer<typeof piiRevealResponseSchema>;
/** The reveal's audit row (`pii.revealed`, `after`): what was shown, never the value. */
export interface PiiRevealDetails {
  kind: PiiKind;
  id: number;
}
