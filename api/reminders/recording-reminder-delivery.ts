import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { DeliveryOutcome, DueReminder, ReminderDeliveryPort } from './reminder-delivery.port';

interface Pending {
  reminder: DueReminder;
  at: Date;
  resolve: () => void;
  reject: (e: Error) => void;
}

/**
 * Embedded delivery used when no channel adapter is bound: records each hand-over in
 * reminder_deliveries (channel "simulator") and reports success. Inserts are group-committed
 * every few milliseconds; deliver() resolves only once its row is committed.
 */
@Injectable()
export class RecordingReminderDelivery implements ReminderDeliveryPort {
  private readonly logger = new Logger('RecordingReminderDelivery');
  private queue: Pending[] = [];
  private timer?: NodeJS.Timeout;
  /** Set by the dispatcher wrapper / bench so rows say who handed the reminder over. */
  deliveredBy: string | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async channelFor(): Promise<string> {
    return 'simulator';
  }

  deliver(reminder: DueReminder): Promise<DeliveryOutcome> {
    const at = new Date();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ reminder, at, resolve, reject });
      if (this.queue.length >= 500) void this.flush();
      else if (!this.timer) this.timer = setTimeout(() => void this.flush(), 3);
    }).then(
      () => ({ ok: true as const, providerMessageId: `recorded-${reminder.id}-${reminder.attempt}` }),
      (e: Error) => ({ ok: false as const, retryable: true, error: `Recording failed: ${e.message}` }),
    );
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return;
    try {
      await this.dataSource.query(
        `INSERT INTO reminder_deliveries (reminder_id, user_id, attempt, channel, delivered_by, due_at, delivered_at)
         SELECT v.rid, v.uid, v.att, 'simulator', $1, v.due, v.at
           FROM unnest($2::int[], $3::int[], $4::int[], $5::timestamptz[], $6::timestamptz[]) AS v(rid, uid, att, due, at)`,
        [
          this.deliveredBy,
          batch.map((p) => p.reminder.id),
          batch.map((p) => p.reminder.userId),
          batch.map((p) => p.reminder.attempt),
          batch.map((p) => p.reminder.dueAt),
          batch.map((p) => p.at),
        ],
      );
      for (const p of batch) p.resolve();
    } catch (e) {
      this.logger.warn(`Could not record ${batch.length} delivery(ies): ${(e as Error).message}`);
      for (const p of batch) p.reject(e as Error);
    }
  }
}
