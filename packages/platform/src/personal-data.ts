import { calls, piiRevealResponseSchema, type PiiKind, type PiiRevealResponse } from '@manager/contract';
import { checkedCall } from './http/checked-call.ts';
import { http } from './http/client.ts';

/*
 * Personal data (docs/security.md, Personal data): wallets and transaction ids come masked from
 * the API; an admin holding `pii.reveal` (`useCan`) may show one whole, once, through POST /pii/reveal.
 */

/** POST /pii/reveal: the whole value (and a transaction id's link); rejects with the failure's text. */
export async function revealPersonalData(kind: PiiKind, id: number): Promise<PiiRevealResponse> {
  const body = await checkedCall(() => http.post(calls.revealPii.path, { kind, id }), {
    failed: 'Reveal failed: ',
    network: 'Network error occurred',
  });
  const parsed = piiRevealResponseSchema.safeParse(body.data);
  if (!parsed.success) throw new Error('Reveal failed: unexpected answer');
  return parsed.data;
}
