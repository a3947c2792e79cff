import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { User } from '../../api/accounts/user.entity';
import { MessageLogService } from '../../api/live/message-log.service';
import type { DeliveryOutcome, DeliveryProgress, DueReminder, ReminderDeliveryPort } from '../../api/reminders/reminder-delivery.port';
import { ChannelSendError, type OutboundMessage } from '../channels/channel.types';
import { isReminderCapable, type ReminderPart } from '../channels/reminder-notice';
import { ConversationStateStore } from '../conversation/conversation-state.store';
import { playButtonId, reminderButtons, reminderCaption, reminderSpeech } from '../conversation/reminder-message';
import { ChannelChooser } from './channel-chooser';
import { Outbox } from './outbox';
import { reminderVoice, VoiceNotes } from './voice-notes';

/** What `prepare` loaded for one claimed reminder. */
interface Prepared {
  at: number;
  user: User | null;
  /** undefined: not loaded (the route is not WhatsApp). */
  lastInboundAt?: Date | null;
  note: { hash: string; audio: Buffer | null; whatsappMediaId: string | null } | null;
}

/** A prepared entry its delivery never took (the job failed before) is dropped after this. */
const PREPARED_TTL_MS = 120_000;

/**
 * The dispatcher's delivery: the reminder spoken in its own language ("Rappel : appeler le
 * dentiste"), as a mono OGG/Opus voice note with a short text and snooze/done buttons, on the
 * channel that reaches the user. The note comes from voice_notes (made ahead by the render job
 * kind, keyed by content); each part is recorded as it is sent, so a retry sends only the rest.
 */
@Injectable()
export class VoiceNoteDelivery implements ReminderDeliveryPort {
  private readonly logger = new Logger(VoiceNoteDelivery.name);
  private readonly prepared = new Map<number, Prepared>();

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(VoiceNotes) private readonly notes: VoiceNotes,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(ConversationStateStore) private readonly states: ConversationStateStore,
  ) {}

  /**
   * For a claimed batch, in three statements (run together): its users, when each WhatsApp user
   * last wrote (the 24 h window), and its voice notes (without the audio where a valid WhatsApp
   * media id makes it unneeded). At the top of the hour this replaces four statements per reminder.
   */
  async prepare(batch: DueReminder[]): Promise<void> {
    const now = Date.now();
    for (const [id, p] of this.prepared) if (now - p.at > PREPARED_TTL_MS) this.prepared.delete(id);
    const userIds = [...new Set(batch.map((r) => r.userId))];
    const hashes = new Map(batch.map((r) => [r.id, this.noteHash(r)]));
    const [users, notes] = await Promise.all([this.users.findBy({ id: In(userIds) }), this.notes.findMany([...hashes.values()])]);
    const byId = new Map(users.map((u) => [u.id, u]));
    const onWhatsapp = users.filter((u) => this.chooser.routeFor(u)?.name === 'whatsapp').map((u) => u.id);
    const inbound = await this.log.lastIncomingAtMany(onWhatsapp, 'whatsapp');
    const waUsers = new Set(onWhatsapp);
    for (const r of batch) {
      this.prepared.set(r.id, {
        at: now,
        user: byId.get(r.userId) ?? null,
        ...(waUsers.has(r.userId) ? { lastInboundAt: inbound.get(r.userId) ?? null } : {}),
        note: notes.get(hashes.get(r.id)!) ?? null,
      });
    }
  }

  async channelFor(reminder: DueReminder): Promise<string> {
    const ready = this.prepared.get(reminder.id);
    const user = ready ? ready.user : await this.users.findOne({ where: { id: reminder.userId } });
    return (user && this.chooser.routeFor(user)?.name) ?? 'simulator';
  }

  async deliver(reminder: DueReminder, progress?: DeliveryProgress): Promise<DeliveryOutcome> {
    const ready = this.prepared.get(reminder.id);
    this.prepared.delete(reminder.id);
    const user = ready ? ready.user : await this.users.findOne({ where: { id: reminder.userId } });
    if (!user) return { ok: false, retryable: false, error: 'The reminder has no user any more' };
    const route = this.chooser.routeFor(user);
    if (!route && this.chooser.whyUnreachable(user) === 'phone_unproven') {
      // Rappel sends nothing to a number its owner has not proved: the reminder waits for the proof.
      return { ok: false, waitFor: 'phone_proof', error: 'Waiting for the phone number to be confirmed' };
    }
    if (!route) return { ok: false, retryable: false, error: 'No configured channel reaches this user' };

    const { language, text } = reminderVoice(reminder);
    const caption = reminderCaption(language, text);
    const buttons = reminderButtons(user.language === 'en' ? 'en' : 'fr', reminder.id, route.name, Boolean(reminder.rrule));
    const meta = { userId: user.id, kind: 'reminder' as const, reminderId: reminder.id, details: { attempt: reminder.attempt } };
    try {
      // Made ahead by the render job kind, normally; made here (and kept) when missing. Not needed
      // at all when an earlier attempt already sent the voice note.
      const voiceSent = progress?.sent.has('voice') || progress?.sent.has('template');
      let note = voiceSent ? null : (ready?.note ?? null);
      if (!voiceSent && !(note?.audio || (note?.whatsappMediaId && route.name === 'whatsapp'))) note = await this.notes.get(reminderSpeech(language, text), language);
      const audio = note?.audio ?? Buffer.alloc(0);
      const voice: OutboundMessage = { kind: 'voice', audio, caption, buttons };
      let providerMessageId: string | undefined;
      if (isReminderCapable(route.channel)) {
        const lastInboundAt = route.name !== 'whatsapp' ? null : ready?.lastInboundAt !== undefined ? ready.lastInboundAt : await this.log.lastIncomingAt(user.id, 'whatsapp');
        try {
          const sent = await route.channel.sendReminder(route.recipientId, {
            subject: reminder.subject,
            language,
            voice: audio,
            caption,
            buttons,
            lastInboundAt,
            playButtonId: playButtonId(reminder.id),
            ...(note?.whatsappMediaId && route.name === 'whatsapp' ? { voiceMediaId: note.whatsappMediaId } : {}),
            ...(progress ? { sentParts: progress.sent, onPartSent: (part: ReminderPart, id?: string) => progress.record(part, id) } : {}),
          });
          providerMessageId = sent.providerMessageId;
          await this.outbox.record(
            route,
            sent.via === 'voice' ? voice : { kind: 'text', text: caption },
            { ...meta, details: { ...meta.details, via: sent.via } },
            providerMessageId,
            'sent',
          );
        } catch (e) {
          await this.outbox.record(route, voice, meta, undefined, 'failed', (e as Error).message);
          throw e;
        }
      } else if (!progress?.sent.has('voice')) {
        providerMessageId = (await this.outbox.send(route, voice, meta)).providerMessageId;
        await progress?.record('voice', providerMessageId);
      }
      await this.states.setLastReminder(user.id, reminder.id).catch(() => undefined);
      return { ok: true, ...(providerMessageId ? { providerMessageId } : {}) };
    } catch (e) {
      if (e instanceof ChannelSendError) {
        return { ok: false, retryable: e.retryable, error: e.message, ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}) };
      }
      this.logger.warn(`Reminder ${reminder.id} could not be prepared: ${(e as Error).message}`);
      // Speech synthesis or conversion trouble is usually passing (provider down, busy machine).
      return { ok: false, retryable: true, error: (e as Error).message };
    }
  }

  private noteHash(reminder: DueReminder): string {
    const { language, text } = reminderVoice(reminder);
    return this.notes.hash(reminderSpeech(language, text), language);
  }
}
