/** What leaves the platform when a withdrawal is approved with a transfer. */
interface TransferRequest {
  withdrawalId: number;
  telegramId: number;
  currency: string;
  /** TON amount or the gift's TON value, as the exact decimal text stored. */
  amount: string;
  inventoryId: number | null;
  wallet: string | null;
}

interface TransferReceipt {
  /** The transfer's reference on the other side (gift transfer id, transaction hash). */
  reference: string;
}

/**
 * The gift/coin transfer to a player, behind an interface so the decision service never
 * talks to a chain or Telegram directly. `transfer` throws to report a failure; the service
 * then leaves the withdrawal pending and records the reason.
 */
export interface TransferPort {
  transfer(request: TransferRequest): Promise<TransferReceipt>;
}

/**
 * The reference server's port, the default of `buildApp`: records each transfer in memory
 * (tests count them) and refuses a second transfer of the same withdrawal, as a real
 * provider would with an idempotency key.
 */
export class RecordingTransferPort implements TransferPort {
  readonly transfers: TransferRequest[] = [];

  async transfer(request: TransferRequest): Promise<TransferReceipt> {
    if (this.transfers.some((t) => t.withdrawalId === request.withdrawalId)) {
      throw new Error(`withdrawal ${request.withdrawalId} was already transferred`);
    }
    this.transfers.push(request);
    return { reference: `local-${request.withdrawalId}-${this.transfers.length}` };
  }
}
