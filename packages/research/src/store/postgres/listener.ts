import pg from 'pg';

/** First wait before reconnecting; doubled after each failed attempt up to the maximum. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export interface ListenerHandlers {
  onNotification(payload: string): void;
  /** Called after every (re)connection, once LISTEN is in place: notifications may have been missed. */
  onConnected(): void;
}

/**
 * A dedicated connection that LISTENs on one channel (a pooled connection would lose its
 * LISTEN when recycled). When the connection is lost (a Postgres restart, say) it
 * reconnects by itself with a bounded backoff, and tells `onConnected` so that whatever
 * was notified meanwhile can be caught up from the tables.
 */
export class NotificationListener {
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private delay = RECONNECT_MIN_MS;
  private stopped = false;

  constructor(
    private readonly url: string,
    /** A plain identifier (it is not quoted). */
    private readonly channel: string,
    /** The connection's application_name, to find it in pg_stat_activity. */
    private readonly name: string,
    private readonly handlers: ListenerHandlers,
  ) {}

  /** Whether the LISTEN connection is up now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** Connects and listens; rejects if the first connection fails. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: this.name,
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload)
        this.handlers.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.delay = RECONNECT_MIN_MS;
    this.handlers.onConnected();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return; // a connection that never got going, or an old one
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect().catch(() => {
        this.delay = Math.min(this.delay * 2, RECONNECT_MAX_MS);
        this.scheduleReconnect();
      });
    }, this.delay);
  }
}
