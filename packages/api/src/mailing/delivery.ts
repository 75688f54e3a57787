/** One message to one player: what a Telegram bot would send. */
interface OutgoingMessage {
  mailingId: number;
  telegramId: number;
  text: string;
  buttonText: string;
  buttonLink: string;
  /** The stored image's file name (served at `/uploads/<name>`; see lib/images.ts), or null. */
  mediaLink: string | null;
}

/** The delivery port: the reference server ships a local implementation; production plugs in a bot. */
export interface MailingDelivery {
  send(batch: OutgoingMessage[]): Promise<void>;
}

/**
 * Records what would be sent (newest `keep` messages) instead of calling Telegram, so a
 * local stack and tests can see deliveries without a bot token.
 */
export class LocalDelivery implements MailingDelivery {
  readonly sent: OutgoingMessage[] = [];
  delivered = 0;
  constructor(private readonly keep = 1000) {}

  async send(batch: OutgoingMessage[]): Promise<void> {
    this.delivered += batch.length;
    this.sent.push(...batch);
    if (this.sent.length > this.keep) this.sent.splice(0, this.sent.length - this.keep);
  }
}
