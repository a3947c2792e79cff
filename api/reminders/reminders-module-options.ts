import type { ModuleMetadata, Provider } from '@nestjs/common';
import type { BackoffPolicy } from '../jobs/backoff';

export interface RemindersModuleOptions {
  /**
   * The binding of REMINDER_DELIVERY, e.g. `{ provide: REMINDER_DELIVERY, useExisting: VoiceNoteDelivery }`.
   * Default: the embedded RecordingReminderDelivery.
   */
  delivery?: Provider;
  /** Modules the delivery provider needs (e.g. the bot's delivery module). */
  imports?: ModuleMetadata['imports'];
  /** Retry backoff; default 15 s · 2^(attempt−1), capped at 1 h. */
  backoff?: BackoffPolicy;
}

export const REMINDERS_MODULE_OPTIONS = Symbol('REMINDERS_MODULE_OPTIONS');
