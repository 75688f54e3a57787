import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { transferLedger } from '../db/schema/index';
import type { TransferPort, TransferReceipt, TransferRequest, TransferStatus } from './transfer-port';

interface LedgerOptions {
  /**
   * Time the provider takes to answer after the transfer is recorded (TRANSFER_PORT_DELAY_MS):
   * simulates a slow provider, the window in which a crash leaves a claim behind.
   */
  delayMs?: number;
  /** Told of each transfer once it is recorded (the server logs it). */
  onRecorded?: (request: TransferRequest, reference: string) => void;
}

/**
 * The reference server's transfer provider: a transfer is a row of `transfer_ledger`, written
 * by one statement in a transaction of its own (never the decision's), so what it records
 * survives a crash of the API the way a real provider's record would. The key is the primary
 * key: a second transfer under a key moves nothing and answers the first one's receipt.
 */
export class LedgerTransferPort implements TransferPort {
  constructor(
    private readonly db: Db,
    private readonly options: LedgerOptions = {},
  ) {}

  async transfer(request: TransferRequest): Promise<TransferReceipt> {
    const [recorded] = await this.db
      .insert(transferLedger)
      .values({
        key: request.key,
        reference: `ledger-${randomUUID()}`,
        withdrawalId: request.withdrawalId,
        telegramId: request.telegramId,
        currency: request.currency,
        amount: request.amount,
        inventoryId: request.inventoryId,
        wallet: request.wallet,
      })
      .onConflictDoNothing({ target: transferLedger.key })
      .returning({ reference: transferLedger.reference });
    let reference = recorded?.reference;
    if (reference) this.options.onRecorded?.(request, reference);
    else reference = (await this.find(request.key))!;
    if (this.options.delayMs) await sleep(this.options.delayMs);
    return { reference };
  }

  async status(key: string): Promise<TransferStatus> {
    const reference = await this.find(key);
    return reference === undefined ? { state: 'not_found' } : { state: 'done', reference };
  }

  private async find(key: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ reference: transferLedger.reference })
      .from(transferLedger)
      .where(eq(transferLedger.key, key));
    return row?.reference;
  }
}
