import type { FastifyBaseLogger } from 'fastify';
import type { Permission } from '@manager/contract';
import type { Db } from '../db/client';
import { EVENTS_CHANNEL, type StoredEvent } from '../db/console-events';
import type { Listen, Unlisten } from '../db/listen';
import { eventsAfter, newestEventId } from './repository';

/** One open stream: who reads it, how to hand it an event, how to end it. */
export interface EventStream {
  /** The admin reading it: a change to that admin (disabled, roles changed) has it check at once. */
  adminId: number;
  permissions: ReadonlySet<Permission>;
  send(event: StoredEvent): void;
  /** Reads the admin's session again: ends the stream if it is over, else takes its permissions. */
  recheck(): void;
  close(): void;
}

/** Ids of the events handed out lately: a catch-up after a reconnect skips those already sent. */
const RECENT_MAX = 10_000;
/** The most a catch-up after a lost listening connection reads back (newest first kept). */
const CATCH_UP_MAX = 10_000;

/**
 * This instance's fan-out of the committed events (docs: src/events/README.md). It LISTENs on
 * the database once the first stream opens, so an instance nobody streams from holds no extra
 * connection, and hands each event to every open stream whose admin holds its permission.
 * Every instance on the database is notified of every commit, whichever instance made it.
 */
export class EventHub {
  private readonly streams = new Set<EventStream>();
  private listening: Promise<void> | null = null;
  private unlisten: Unlisten | null = null;
  private closed = false;
  /** The highest id handed out or known to exist when listening started: where a catch-up reads from. */
  private lastId = 0n;
  private readonly recent = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly listen: Listen,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Resolves once this instance listens (at the first call; a failure is retried by the next). */
  ready(): Promise<void> {
    this.listening ??= this.start().catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  /** Adds a stream; the returned function removes it. On a closed hub the stream ends at once. */
  subscribe(stream: EventStream): () => void {
    if (this.closed) {
      stream.close();
      return () => undefined;
    }
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Ends every stream (the app is closing: the server waits for open responses) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const stream of this.streams) stream.close();
    this.streams.clear();
    await this.listening?.catch(() => undefined);
    await this.unlisten?.();
    this.unlisten = null;
  }

  private async start(): Promise<void> {
    const unlisten = await this.listen(EVENTS_CHANNEL, {
      onNotify: (payload) => this.receive(payload),
      onReconnect: () => void this.catchUp(),
      onError: (error) => this.log.warn({ err: error }, 'console events: listening connection lost'),
    });
    if (this.closed) return unlisten();
    this.unlisten = unlisten;
    // Events committed before this moment are a reconnecting console's replay, not the hub's.
    this.advance(await newestEventId(this.db));
  }

  private receive(payload: string): void {
    let event: StoredEvent;
    try {
      event = JSON.parse(payload) as StoredEvent;
    } catch {
      this.log.warn({ payload: payload.slice(0, 200) }, 'console events: a notification is not JSON');
      return;
    }
    this.dispatch(event);
  }

  /**
   * Notifications sent while the listening connection was down are lost: what the table holds
   * after the last id seen goes out now, minus what was already handed out.
   */
  private async catchUp(): Promise<void> {
    try {
      const missed = await eventsAfter(this.db, this.lastId.toString(), CATCH_UP_MAX);
      for (const event of missed) this.dispatch(event);
    } catch (error) {
      this.log.warn({ err: error }, 'console events: catch-up after a reconnect failed');
    }
  }

  private dispatch(event: StoredEvent): void {
    if (this.recent.has(event.id)) return;
    this.recent.add(event.id);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.values().next().value!);
    this.advance(event.id);
    for (const stream of this.streams) {
      if (event.entity === 'admin' && event.entityId === String(stream.adminId)) stream.recheck();
      if (stream.permissions.has(event.permission)) stream.send(event);
    }
  }

  private advance(id: string): void {
    const n = BigInt(id);
    if (n > this.lastId) this.lastId = n;
  }
}
