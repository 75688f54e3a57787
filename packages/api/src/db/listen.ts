import type { ClientConfig, Notification, PoolConfig } from 'pg';
import type { Db } from './client';

export interface ListenHandlers {
  /** A notification's payload on the channel, in commit order of this connection's view. */
  onNotify(payload: string): void;
  /**
   * PostgreSQL only: the listening connection was lost and is back. Notifications sent while it
   * was down are gone; the caller re-reads what it may have missed from its own table.
   */
  onReconnect?(): void;
  /** A lost connection, and each failed attempt to get it back (retried with backoff). */
  onError?(error: Error): void;
}

/** Stops listening; the connection it used (PostgreSQL) is closed. */
export type Unlisten = () => Promise<void>;
/** LISTEN on a channel of the database (DbHandle.listen, `listenerFor`). */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<Unlisten>;

/** First and longest wait before a new attempt to reconnect the listening connection. */
const BACKOFF_MS = { first: 250, max: 15_000 } as const;

interface PgliteClient {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}
interface PgPool {
  options: PoolConfig;
}

/**
 * How to LISTEN on the database `db` runs on, read from its driver's client: PGlite listens in
 * process on its one connection (a NOTIFY arrives when its transaction commits, like on a
 * server); node-postgres needs a connection of its own outside the pool, held for as long as
 * the listening lasts (a pooled one would be handed to queries and lose the LISTEN).
 */
export function listenerFor(db: Db, listenUrl?: string): Listen {
  const client = (db as unknown as { $client: PgliteClient | PgPool }).$client;
  if ('listen' in client && typeof client.listen === 'function') {
    return async (channel, handlers) => client.listen(channel, handlers.onNotify);
  }
  // A LISTEN holds its session: behind a transaction-mode pooler it must go to PostgreSQL itself.
  const { statement_timeout: _ignored, ...pooled } = (client as PgPool).options;
  // TCP keep-alive finds a half-open connection (a failover without a reset), and a connect
  // that hangs fails instead of holding every stream's request.
  const config: ClientConfig = {
    ...(listenUrl ? { connectionString: listenUrl } : pooled),
    keepAlive: true,
    connectionTimeoutMillis: 10_000,
  };
  return (channel, handlers) => listenOnServer(config, channel, handlers);
}

/**
 * A dedicated node-postgres connection that LISTENs on `channel`. The first connection must
 * succeed (the caller learns at once that the server is unreachable). Once lost (server restart,
 * network, an admin's pg_terminate_backend) it is reopened with growing waits, and
 * `onReconnect` is called once it listens again.
 */
async function listenOnServer(
  config: ClientConfig,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  const { default: pg } = await import('pg');
  let current: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  const open = async () => {
    const client = new pg.Client(config);
    let lost = false;
    const onLost = (error: Error) => {
      if (lost || stopped) return;
      lost = true;
      current = null;
      handlers.onError?.(error);
      client.end().catch(() => undefined);
      schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the listening connection ended')));
    client.on('notification', (message: Notification) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
  };

  const schedule = () => {
    if (stopped || retry) return;
    const wait = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** failures);
    retry = setTimeout(() => {
      retry = null;
      open().then(
        () => {
          failures = 0;
          if (!stopped) handlers.onReconnect?.();
        },
        (error: Error) => {
          failures += 1;
          handlers.onError?.(error);
          schedule();
        },
      );
    }, wait);
    retry.unref();
  };

  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
