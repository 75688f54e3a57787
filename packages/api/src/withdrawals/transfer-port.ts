/** What leaves the platform when a withdrawal is approved with a transfer. */
export interface TransferRequest {
  /** Idempotency key (`transferKey(withdrawalId)`): one transfer at most per key, ever. */
  key: string;
  withdrawalId: number;
  telegramId: number;
  currency: string;
  /** TON amount or the gift's TON value, as the exact decimal text stored. */
  amount: string;
  inventoryId: number | null;
  wallet: string | null;
}

export interface TransferReceipt {
  /** The transfer's reference on the other side (gift transfer id, transaction hash). */
  reference: string;
}

/** What the provider knows of the transfer under a key. */
export type TransferStatus =
  | { state: 'done'; reference: string }
  /** Accepted and not finished yet: ask again later. */
  | { state: 'pending' }
  /** Tried and refused for good; nothing moved, and the key may be used again. */
  | { state: 'failed'; reason: string }
  /** No transfer under this key happened, and none is under way. */
  | { state: 'not_found' };

/**
 * The gift/coin transfer to a player, behind an interface so the decision service never
 * talks to a chain or Telegram directly. The contract (withdrawals/README.md):
 * - `transfer` moves at most once per key. Called again with a key whose transfer happened,
 *   it moves nothing and answers that transfer's receipt. It should throw only when nothing
 *   moved, but a throw is not trusted: the service then asks `status` and settles by it.
 * - `status` answers from the provider's own record, so it is true after a crash of the API;
 *   it is asked right after a `transfer` that threw, and by the reconciler later.
 */
export interface TransferPort {
  transfer(request: TransferRequest): Promise<TransferReceipt>;
  status(key: string): Promise<TransferStatus>;
}

/** The idempotency key of a withdrawal's transfer: one per withdrawal, kept across retries. */
export const transferKey = (withdrawalId: number) => `withdrawal-${withdrawalId}`;
