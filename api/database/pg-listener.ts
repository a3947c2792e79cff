import { Client } from 'pg';

/**
 * A dedicated `pg` connection LISTENing on one channel, reconnecting when lost. Used for
 * cross-instance wake-ups (due reminders, new inbound events, new log rows). While disconnected,
 * callers fall back on their own polling, so nothing is lost, only delayed.
 */
export class PgListener {
  private client?: Client;
  private stopped = true;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly onNotify: (payload: string) => void,
    private readonly logger: { warn(message: string): void },
    /** Called after every (re)connection: something may have happened meanwhile. */
    private readonly onConnect: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const c = this.client;
    this.client = undefined;
    await c?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.connectionString });
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.onNotify(n.payload ?? '');
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.client = client;
      this.onConnect();
    } catch (e) {
      this.lost(client, e as Error);
    }
  }

  private lost(client: Client, e?: Error): void {
    if (this.client && this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.stopped || this.retry) return;
    this.logger.warn(`LISTEN ${this.channel} connection lost${e ? `: ${e.message}` : ''}; reconnecting`);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, 1000);
    this.retry.unref?.();
  }
}
