import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AccountsService } from '../../../api/accounts/accounts.service';
import { IdentityService } from '../../../api/accounts/identity.service';
import { RateLimitService } from '../../../api/common/rate-limit.service';
import type { User } from '../../../api/accounts/user.entity';
import { APP_CONFIG, AppConfig } from '../../../api/config/app-config';
import { MessageLogService } from '../../../api/live/message-log.service';
import { type Clock, REMINDERS_CLOCK, systemClock } from '../../../api/reminders/clock';
import { ChannelRegistry } from '../../channels/channel-registry.service';
import { type ChannelName, type InboundMessage, VoiceIntegrityError } from '../../channels/channel.types';
import { Outbox } from '../../delivery/outbox';
import type { Route } from '../../delivery/channel-chooser';
import { detectLanguage } from '../../understanding/language';
import type { Language } from '../../understanding/types';
import { SPEECH_TO_TEXT, type SpeechToText, SpeechNotConfiguredError, VoiceError } from '../../voice';
import type { Reply, Turn, TurnResult } from '../conversation';
import { ConversationService } from '../conversation.service';
import { type CatalogKey, t } from '../i18n';

/** Payload of the "link this chat?" buttons: `link:<token>` to confirm, `link:no` to refuse. */
const LINK_BUTTON = 'link:';

/** Voice notes transcribed per user per hour (messaging apps and simulator alike). */
export const STT_PER_HOUR = 40;

/** A failure worth retrying later (media download, speech provider outage). */
export class TransientIntakeError extends Error {}

export interface Prepared {
  msg: InboundMessage;
  user: User | null;
  /** What the conversation gets, or null when the turn is answered with `notice` alone. */
  turn: Turn | null;
  notice?: CatalogKey;
  /** Transcript or text language, when it says something. */
  language?: Language;
  /** Simulator voice notes: the stored recording, replayable from the log. */
  mediaId?: string;
}

/**
 * What happens to one recorded inbound event: find (or create) the account, fetch and
 * transcribe a voice note, run the conversation, log both directions and send the replies on
 * the channel the message came from. `prepare` may be retried; `act` runs at most once.
 */
@Injectable()
export class InboundProcessor {
  private readonly logger = new Logger(InboundProcessor.name);
  private readonly clock: Clock;

  constructor(
    @Inject(AccountsService) private readonly accounts: AccountsService,
    @Inject(ChannelRegistry) private readonly registry: ChannelRegistry,
    @Inject(SPEECH_TO_TEXT) private readonly stt: SpeechToText,
    @Inject(ConversationService) private readonly conversation: ConversationService,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(IdentityService) private readonly identity: IdentityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RateLimitService) private readonly limits: RateLimitService,
    @Optional() @Inject(REMINDERS_CLOCK) clock?: Clock,
  ) {
    this.clock = clock ?? systemClock;
  }

  async prepare(raw: Record<string, unknown>): Promise<Prepared> {
    const msg = { ...(raw as unknown as InboundMessage), receivedAt: new Date(raw.receivedAt as string) };
    const found = await this.findUser(msg);
    const user = found?.user ?? null;
    if (!user) return { msg, user: null, turn: null };
    // "CODE 123456" from the wa.me link proves the number; it is not a reminder request.
    if (found?.proofMessage) return { msg, user, turn: null, notice: found.proofMessage === 'proved' ? 'phone.proved' : 'phone.proofInvalid' };
    switch (msg.kind) {
      case 'text':
      case 'command':
        return { msg, user, turn: { kind: 'text', text: msg.text ?? '' }, ...(msg.text && msg.text.split(/\s+/).length >= 3 ? { language: detectLanguage(msg.text) } : {}) };
      case 'button':
        return { msg, user, turn: { kind: 'button', id: msg.buttonId ?? '' } };
      case 'contact':
        return { msg, user, turn: null };
      case 'location':
        return { msg, user, turn: msg.location ? { kind: 'location', latitude: msg.location.latitude, longitude: msg.location.longitude } : null };
      case 'voice':
        return this.transcribe(msg, user);
    }
  }

  private async transcribe(msg: InboundMessage, user: User): Promise<Prepared> {
    const mediaId = msg.channel === 'simulator' ? msg.voice?.mediaRef : undefined;
    const base = { msg, user, ...(mediaId ? { mediaId } : {}) };
    const channel = this.registry.get(msg.channel);
    if (!channel || !msg.voice) return { ...base, turn: null, notice: 'voice.unreadable' };
    // Speech-to-text costs money per minute: one user's voice notes are rate limited.
    const allowed = await this.limits.hit(`stt:${user.id}`, STT_PER_HOUR, 3600).then((r) => r.allowed).catch(() => true);
    if (!allowed) return { ...base, turn: null, notice: 'voice.tooMany' };
    let audio;
    try {
      audio = await channel.fetchVoice(msg.voice.mediaRef);
    } catch (e) {
      // Downloaded twice and damaged twice: say so instead of dropping the voice note.
      if (e instanceof VoiceIntegrityError) return { ...base, turn: null, notice: 'voice.damaged' };
      throw new TransientIntakeError(`Voice download failed: ${(e as Error).message}`);
    }
    try {
      const transcript = await this.stt.transcribe(audio.data, { mimeType: audio.mimeType ?? msg.voice.mimeType, languageHint: user.language });
      if (!transcript.text.trim()) return { ...base, turn: null, notice: 'voice.empty' };
      return {
        ...base,
        turn: { kind: 'text', text: transcript.text, voice: true, ...(transcript.language ? { spokenLanguage: transcript.language } : {}) },
        ...(transcript.language ? { language: transcript.language } : {}),
      };
    } catch (e) {
      if (e instanceof SpeechNotConfiguredError) return { ...base, turn: null, notice: 'voice.notConfigured' };
      if (e instanceof VoiceError && e.retryable) throw new TransientIntakeError(e.message);
      if (e instanceof VoiceError) return { ...base, turn: null, notice: e.code === 'speech_provider' ? 'voice.failed' : 'voice.unreadable' };
      throw new TransientIntakeError((e as Error).message);
    }
  }

  async act(p: Prepared): Promise<void> {
    const { msg } = p;
    const route = this.replyRoute(msg);
    if (!route) {
      this.logger.warn(`No '${msg.channel}' channel to answer ${msg.messageId} on`);
      return;
    }
    // Telegram linking comes before anything else: it decides whose conversation this is.
    if (msg.channel === 'telegram' && msg.kind === 'command' && /^\/start\s+\S+/.test(msg.text ?? '')) {
      return this.askToLink(p, route);
    }
    if (msg.channel === 'telegram' && msg.kind === 'button' && (msg.buttonId ?? '').startsWith(LINK_BUTTON)) {
      return this.confirmLink(p, route);
    }
    let user = p.user;
    if (!user) return;
    if (msg.kind === 'contact') return this.contact(p, user, route);

    const isFirst = (await this.log.recent(user.id, 1)).length === 0;
    if (isFirst && p.language && p.language !== user.language) {
      user = await this.accounts.setLanguage(user, p.language);
    }
    const now = this.clock.now();
    const result: TurnResult = p.turn ? await this.conversation.handle(user, p.turn, msg.channel, now) : { replies: [this.text(user.language, p.notice ?? 'unrecognised')] };

    await this.log.record({
      userId: user.id,
      channel: msg.channel,
      peerId: msg.senderId,
      direction: 'incoming',
      messageType: msg.kind === 'voice' ? 'voice' : 'text',
      // A "CODE 123456" proof message is logged with its code masked (staff read this log).
      text: p.notice?.startsWith('phone.') ? (msg.text ?? '').replace(/\d{4,}/g, (d) => '•'.repeat(d.length)) : p.turn?.kind === 'text' ? p.turn.text : msg.kind === 'button' ? (msg.text ?? msg.buttonId ?? null) : (msg.text ?? null),
      status: 'received',
      details: {
        messageId: msg.messageId,
        ...(msg.buttonId ? { buttonId: msg.buttonId } : {}),
        ...(p.mediaId ? { mediaId: p.mediaId } : {}),
        ...(result.extracted ? { extracted: result.extracted } : {}),
      },
    });

    const replies: Reply[] = [];
    if (isFirst) replies.push(this.welcome(user, msg.channel));
    replies.push(...result.replies);
    for (const reply of replies) {
      try {
        await this.outbox.send(route, reply.message, { userId: user.id, kind: reply.kind ?? 'message', reminderId: reply.reminderId ?? null });
      } catch (e) {
        // The turn is done (state saved, reminder created): the reply is logged as failed, not replayed.
        this.logger.warn(`Reply to ${msg.channel} ${msg.messageId} failed: ${(e as Error).message}`);
      }
    }
    await this.accounts.touchLastSeen(user.id, now).catch(() => undefined);
  }

  /** After the retries: tell the user we could not handle their message. */
  async giveUp(raw: Record<string, unknown>, error: string): Promise<void> {
    const msg = raw as unknown as InboundMessage;
    const route = this.replyRoute(msg);
    const user = (await this.findUser(msg).catch(() => null))?.user;
    if (!route || !user) return;
    this.logger.warn(`Giving up on ${msg.channel} ${msg.messageId}: ${error}`);
    await this.outbox.send(route, this.text(user.language, msg.kind === 'voice' ? 'voice.failed' : 'unrecognised').message, { userId: user.id }).catch(() => undefined);
  }

  private async findUser(msg: InboundMessage): Promise<{ user: User | null; proofMessage?: 'proved' | 'invalid' | null } | null> {
    const language: Language | undefined = msg.languageHint?.startsWith('en') ? 'en' : msg.languageHint?.startsWith('fr') ? 'fr' : undefined;
    const opts = { ...(msg.senderName ? { name: msg.senderName } : {}), ...(language ? { language } : {}) };
    switch (msg.channel) {
      case 'whatsapp':
        return this.identity.whatsappSender(msg.senderId, msg.kind === 'text' ? msg.text : undefined, opts);
      case 'telegram':
        if ((msg.kind === 'command' && /^\/start\s+\S+/.test(msg.text ?? '')) || (msg.kind === 'button' && (msg.buttonId ?? '').startsWith(LINK_BUTTON))) {
          return { user: await this.accounts.findByTelegramChat(msg.senderId) };
        }
        return { user: (await this.identity.telegramChat(msg.senderId, opts)).user };
      case 'simulator': {
        const id = Number(msg.senderId);
        return { user: Number.isSafeInteger(id) ? await this.accounts.findById(id) : null };
      }
    }
  }

  private replyRoute(msg: InboundMessage): Route | null {
    const channel = this.registry.get(msg.channel);
    return channel ? { channel, name: msg.channel as ChannelName, recipientId: msg.senderId } : null;
  }

  private welcome(user: User, channel: ChannelName): Reply {
    if (channel === 'whatsapp') {
      const url = `${this.config.publicUrl}/auth?tab=login&phone=${encodeURIComponent(user.phoneNumber ?? '')}&setPassword=1`;
      return this.text(user.language, 'welcome.whatsapp', { url });
    }
    if (channel === 'telegram') return this.text(user.language, 'welcome.telegram', { url: `${this.config.publicUrl}/dashboard` });
    return this.text(user.language, 'help');
  }

  /** A deep link never binds at once: the chat is asked whether this account is theirs. */
  private async askToLink(p: Prepared, route: Route): Promise<void> {
    const token = (p.msg.text ?? '').split(/\s+/)[1];
    const peek = await this.identity.peekTelegramLink(token);
    const language = p.user?.language ?? (p.msg.languageHint?.startsWith('en') ? 'en' : 'fr');
    if (!peek.ok || `${LINK_BUTTON}${token}`.length > 64) {
      await this.outbox.send(route, this.text(language, 'link.invalid').message, { userId: p.user?.id ?? null }).catch(() => undefined);
      return;
    }
    const ask = t(language, 'link.confirm', { phone: peek.maskedPhone ?? peek.name });
    const buttons = [
      { id: `${LINK_BUTTON}${token}`, title: t(language, 'link.yes') },
      { id: `${LINK_BUTTON}no`, title: t(language, 'link.no') },
    ];
    await this.outbox.send(route, { kind: 'text', text: ask, buttons }, { userId: p.user?.id ?? null }).catch(() => undefined);
  }

  private async confirmLink(p: Prepared, route: Route): Promise<void> {
    const token = (p.msg.buttonId ?? '').slice(LINK_BUTTON.length);
    const language = p.user?.language ?? (p.msg.languageHint?.startsWith('en') ? 'en' : 'fr');
    if (token === 'no') {
      await this.outbox.send(route, this.text(language, 'link.cancelled').message, { userId: p.user?.id ?? null }).catch(() => undefined);
      return;
    }
    const user = await this.identity.confirmTelegramLink(token, p.msg.senderId);
    if (!user) {
      await this.outbox.send(route, this.text(language, 'link.invalid').message, { userId: p.user?.id ?? null }).catch(() => undefined);
      return;
    }
    await this.log.record({ userId: user.id, channel: 'telegram', peerId: p.msg.senderId, direction: 'incoming', messageType: 'text', text: p.msg.text ?? '/start', status: 'received', details: { messageId: p.msg.messageId } });
    await this.outbox.send(route, this.text(user.language, 'link.done', { name: user.displayName ?? user.username }).message, { userId: user.id }).catch(() => undefined);
  }

  private async contact(p: Prepared, user: User, route: Route): Promise<void> {
    const result = await this.identity.contactShared(p.msg.channel, p.msg.senderId, user, p.msg.contactPhone);
    if (result.outcome === 'ignored') {
      await this.outbox.send(route, this.text(user.language, 'contact.ignored').message, { userId: user.id }).catch(() => undefined);
      return;
    }
    const target = result.user;
    await this.log.record({ userId: target.id, channel: 'telegram', peerId: p.msg.senderId, direction: 'incoming', messageType: 'text', text: result.phone, status: 'received', details: { messageId: p.msg.messageId, contact: true } });
    await this.outbox.send(route, this.text(target.language, result.outcome === 'linked' ? 'contact.linked' : 'contact.saved', { phone: result.phone }).message, { userId: target.id }).catch(() => undefined);
  }

  private text(language: Language, key: CatalogKey, params: Record<string, string> = {}): Reply {
    return { message: { kind: 'text', text: t(language, key, params) } };
  }
}
