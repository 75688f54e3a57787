/** One message to one player: what a Telegram bot would send. */
export interface OutgoingMessage {
  mailingId: number;
  telegramId: number;
  text: string;
  buttonText: string;
  buttonLink: string;
  /** The stored image's file name (served at `/uploads/<name>`; see lib/images.ts), or null. */
  mediaLink: string | null;
}

/** A player the bot could not reach (blocked the bot, deleted the account): not tried again. */
export interface DeliveryFailure {
  telegramId: number;
  reason: string;
}

/**
 * The delivery port: the reference server ships a local implementation; production plugs in a
 * bot. `send` answers the players it could not reach; a throw means the batch was not sent
 * (the batch's transaction rolls back and the job is retried).
 */
export interface MailingDelivery {
  send(batch: OutgoingMessage[]): Promise<DeliveryFailure[]>;
}

/**
 * Records what would be sent (newest `keep` messages) instead of calling Telegram, so a
 * local stack and tests can see deliveries without a bot token.
 */
export class LocalDelivery implements MailingDelivery {
  readonly sent: OutgoingMessage[] = [];
  delivered = 0;
  constructor(private readonly keep = 1000) {}

  async send(batch: OutgoingMessage[]): Promise<DeliveryFailure[]> {
    this.delivered += batch.length;
    this.sent.push(...batch);
    if (this.sent.length > this.keep) this.sent.splice(0, this.sent.length - this.keep);
    return [];
  }
}
