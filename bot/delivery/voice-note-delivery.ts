import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
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

/**
 * The dispatcher's delivery: the reminder spoken in its own language ("Rappel : appeler le
 * dentiste"), as a mono OGG/Opus voice note with a short text and snooze/done buttons, on the
 * channel that reaches the user. The note comes from voice_notes (made ahead by the render job
 * kind, keyed by content); each part is recorded as it is sent, so a retry sends only the rest.
 */
@Injectable()
export class VoiceNoteDelivery implements ReminderDeliveryPort {
  private readonly logger = new Logger(VoiceNoteDelivery.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(VoiceNotes) private readonly notes: VoiceNotes,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(ConversationStateStore) private readonly states: ConversationStateStore,
  ) {}

  async channelFor(reminder: DueReminder): Promise<string> {
    const user = await this.users.findOne({ where: { id: reminder.userId } });
    return (user && this.chooser.routeFor(user)?.name) ?? 'simulator';
  }

  async deliver(reminder: DueReminder, progress?: DeliveryProgress): Promise<DeliveryOutcome> {
    const user = await this.users.findOne({ where: { id: reminder.userId } });
    if (!user) return { ok: false, retryable: false, error: 'The reminder has no user any more' };
    const route = this.chooser.routeFor(user);
    if (!route) return { ok: false, retryable: false, error: 'No configured channel reaches this user' };

    const { language, text } = reminderVoice(reminder);
    const caption = reminderCaption(language, text);
    const buttons = reminderButtons(user.language === 'en' ? 'en' : 'fr', reminder.id, route.name, Boolean(reminder.rrule));
    const meta = { userId: user.id, kind: 'reminder' as const, reminderId: reminder.id, details: { attempt: reminder.attempt } };
    try {
      // Made ahead by the render job kind, normally; made here (and kept) when missing. Not needed
      // at all when an earlier attempt already sent the voice note.
      const voiceSent = progress?.sent.has('voice') || progress?.sent.has('template');
      const note = voiceSent ? null : await this.notes.get(reminderSpeech(language, text), language);
      const audio = note?.audio ?? Buffer.alloc(0);
      const voice: OutboundMessage = { kind: 'voice', audio, caption, buttons };
      let providerMessageId: string | undefined;
      if (isReminderCapable(route.channel)) {
        const lastInboundAt = route.name === 'whatsapp' ? await this.log.lastIncomingAt(user.id, 'whatsapp') : null;
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
}
