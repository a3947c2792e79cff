import { Client } from 'pg';
import type { DispatcherLogger } from './reminder-dispatcher';

export const DUE_CHANNEL = 'reminders_due';

/**
 * A dedicated `pg` connection LISTENing for the reminders_due NOTIFY (see the migration's
 * trigger); the payload is the earliest due instant in epoch milliseconds. Reconnects on loss;
 * while disconnected the dispatcher's poll still finds everything.
 */
export class DueListener {
  private client?: Client;
  private stopped = true;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly connectionString: string,
    private readonly onDue: (dueAtMs: number) => void,
    private readonly logger: DispatcherLogger,
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
      const at = Number(n.payload);
      if (Number.isFinite(at)) this.onDue(at);
    });
    client.on('error', (e) => this.lost(client, e));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${DUE_CHANNEL}`);
      this.client = client;
      // Anything inserted while we were away is found by the next poll; wake it now anyway.
      this.onDue(Date.now());
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
    this.logger.warn(`LISTEN ${DUE_CHANNEL} connection lost${e ? `: ${e.message}` : ''}; reconnecting`);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.connect();
    }, 1000);
    this.retry.unref?.();
  }
}
