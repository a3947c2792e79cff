import { PgListener } from '../database/pg-listener';
import type { DispatcherLogger } from './reminder-dispatcher';

export const DUE_CHANNEL = 'reminders_due';

/**
 * LISTENs for the reminders_due NOTIFY (see the migration's trigger); the payload is the earliest
 * due instant in epoch milliseconds. While disconnected the dispatcher's poll still finds
 * everything; after a (re)connection it is woken at once in case something arrived meanwhile.
 */
export class DueListener {
  private readonly listener: PgListener;

  constructor(connectionString: string, onDue: (dueAtMs: number) => void, logger: DispatcherLogger) {
    this.listener = new PgListener(
      connectionString,
      DUE_CHANNEL,
      (payload) => {
        const at = Number(payload);
        if (Number.isFinite(at)) onDue(at);
      },
      logger,
      () => onDue(Date.now()),
    );
  }

  start(): Promise<void> {
    return this.listener.start();
  }

  stop(): Promise<void> {
    return this.listener.stop();
  }
}
