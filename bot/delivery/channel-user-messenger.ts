import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../../api/accounts/user.entity';
import { APP_CONFIG, type AppConfig } from '../../api/config/app-config';
import { MessageLogService } from '../../api/live/message-log.service';
import { isBusinessTextChannel, type BusinessTextChannel, type WhatsappTemplate } from '../channels/whatsapp/whatsapp-business-text';
import { WhatsappApiError } from '../channels/whatsapp/whatsapp-api.error';
import { ChannelChooser, type Route } from './channel-chooser';
import { Outbox } from './outbox';
import type { MessagePurpose, MessengerRecipient, UserMessenger } from '../../api/messaging/user-messenger.port';

type WhatsappConfig = NonNullable<AppConfig['whatsapp']>;

/**
 * Texts a user on the channel that reaches them (reset codes, welcome messages). On WhatsApp a
 * text with a purpose goes free-form inside the 24 h window and as its approved template outside
 * it, since Meta refuses free-form texts there (131047). Through the embedded simulator, the text
 * is also written to the server log as `[embedded channel] to <phone>: <text>`: someone who is
 * not signed in cannot open the simulator page to read a reset code, and browser tests read it
 * from stdout.
 */
@Injectable()
export class ChannelUserMessenger implements UserMessenger {
  private readonly logger = new Logger('EmbeddedChannel');
  private readonly waLogger = new Logger('WhatsappBusinessText');

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendText(recipient: MessengerRecipient, text: string, about?: MessagePurpose): Promise<void> {
    const user = await this.users.findOne({ where: { id: recipient.id } });
    // Unknown id: nothing proves the number the caller passed, so it is treated as claimed only.
    const reachable = user ?? { id: recipient.id, phoneNumber: recipient.phoneNumber, phoneVerifiedAt: null, telegramChatId: recipient.telegramChatId ?? null, preferredChannel: null };
    const language = (user?.language ?? recipient.language) === 'en' ? 'en' : 'fr';
    const wa = this.config.whatsapp;
    if (about?.purpose === 'phone-proof') {
      // The one message a claimed number may receive: its own proof code, as the authentication
      // template (never free-form), to that number only.
      const proving = this.chooser.provingRoute(reachable);
      if (proving && wa && isBusinessTextChannel(proving.channel)) {
        await this.sendOnWhatsapp({ ...proving, channel: proving.channel }, recipient.id, text, { kind: 'otp', name: wa.otpTemplate, languageCode: wa.reminderTemplateLanguages[language], code: about.code }, true);
      } else {
        this.logEmbedded(reachable.phoneNumber ?? `user ${recipient.id}`, text, about);
      }
      return;
    }
    // The welcome answers the link form, which asks for it on WhatsApp whatever channel the user prefers.
    const route = (about?.purpose === 'welcome' ? this.chooser.on('whatsapp', reachable) : null) ?? this.chooser.routeFor(reachable);
    if (!route || route.name === 'simulator') this.logEmbedded(recipient.phoneNumber ?? `user ${recipient.id}`, text, about);
    if (!route) return;
    if (about && wa && route.name === 'whatsapp' && isBusinessTextChannel(route.channel)) {
      await this.sendOnWhatsapp({ ...route, channel: route.channel }, recipient.id, text, whatsappTemplate(about, wa, language));
      return;
    }
    await this.outbox.send(route, { kind: 'text', text }, { userId: recipient.id, ...(about ? { details: { purpose: about.purpose } } : {}) });
  }

  async sendFirstContact(phoneNumber: string, language: 'fr' | 'en', text: string, about: { purpose: 'welcome'; url: string }): Promise<boolean> {
    const wa = this.config.whatsapp;
    const proving = this.chooser.provingRoute({ phoneNumber });
    if (!proving || !wa || !isBusinessTextChannel(proving.channel)) {
      this.logEmbedded(phoneNumber, text, about);
      return true;
    }
    await this.sendOnWhatsapp({ ...proving, channel: proving.channel }, null, text, whatsappTemplate(about, wa, language), true);
    return true;
  }

  /**
   * The embedded channel's line. Without any messaging app (a local or demo setup) the server log
   * IS the channel a signed-out person reads a code from; anywhere else codes never reach the log.
   */
  private logEmbedded(to: string, text: string, about?: MessagePurpose | { purpose: 'welcome'; url: string }): void {
    const logIsTheChannel = !this.config.whatsapp && !this.config.telegram && this.config.env !== 'production';
    const secret = about?.purpose === 'otp' || about?.purpose === 'phone-proof';
    this.logger.log(`[embedded channel] to ${to}: ${secret && !logIsTheChannel ? text.replace(/\d{4,}/g, (d) => '•'.repeat(d.length)) : text}`);
  }

  /** `templateOnly`: a number that never wrote to us (or is not proved) gets the approved template, never free-form. */
  private async sendOnWhatsapp(route: Route & { channel: BusinessTextChannel }, userId: number | null, text: string, template: WhatsappTemplate, templateOnly = false): Promise<void> {
    const details = { purpose: template.kind };
    try {
      const lastInboundAt = templateOnly || userId === null ? null : await this.log.lastIncomingAt(userId, 'whatsapp');
      const sent = await route.channel.sendBusinessText(route.recipientId, { text, template, lastInboundAt });
      if (sent.windowClosedByMeta) {
        this.waLogger.warn(`Meta answered 131047 (outside the 24 h window) to the ${template.kind} text for user ${userId}; sent template "${template.name}" (${template.languageCode}) instead`);
      }
      await this.outbox.record(
        route,
        { kind: 'text', text },
        { userId, details: { ...details, via: sent.via, ...(sent.via === 'template' ? { template: template.name, templateLanguage: template.languageCode } : {}) } },
        sent.providerMessageId,
        'sent',
      );
    } catch (e) {
      this.waLogger.error(describeFailure(e, template, userId));
      await this.outbox.record(route, { kind: 'text', text }, { userId, details }, undefined, 'failed', (e as Error).message);
      throw e;
    }
  }
}

function whatsappTemplate(about: Exclude<MessagePurpose, { purpose: 'phone-proof' }>, wa: WhatsappConfig, language: 'fr' | 'en'): WhatsappTemplate {
  const languageCode = wa.reminderTemplateLanguages[language];
  switch (about.purpose) {
    case 'otp':
      return { kind: 'otp', name: wa.otpTemplate, languageCode, code: about.code };
    case 'welcome':
      return { kind: 'welcome', name: wa.welcomeTemplate, languageCode, url: about.url };
    case 'premium-started':
      return { kind: 'premium', name: wa.premiumTemplate, languageCode, renewsOn: about.renewsOn };
    case 'renewal':
      return { kind: 'renewal', name: wa.renewalTemplate, languageCode, renewsOn: about.renewsOn, amount: about.amount };
  }
}

/** Template error codes (Cloud API error reference) that mean our template setup is wrong, not Meta's day. */
const TEMPLATE_PROBLEMS: Record<number, string> = {
  131008: 'a required parameter is missing',
  131009: 'a parameter value is not valid',
  132000: 'the number of variables does not match the approved template',
  132001: 'the template does not exist in this language (name or language code wrong, or not approved yet)',
  132005: 'the filled-in text is too long',
  132007: 'the content breaks WhatsApp policy',
  132012: 'a variable does not match the format the template expects',
  132015: 'the template is paused for low quality',
  132016: 'the template is disabled',
};

function describeFailure(e: unknown, template: WhatsappTemplate, userId: number | null): string {
  const what = `the ${template.kind} message to ${userId === null ? 'a number without account' : `user ${userId}`} (template "${template.name}", ${template.languageCode})`;
  const code = e instanceof WhatsappApiError ? e.code : undefined;
  if (code !== undefined && code in TEMPLATE_PROBLEMS) {
    return `WhatsApp refused ${what}: ${TEMPLATE_PROBLEMS[code]} (code ${code}). Check the template in WhatsApp Manager against infra/README.md. ${(e as Error).message}`;
  }
  if (code === 131047) {
    return `WhatsApp refused ${what} as outside the 24-hour window (code 131047). ${(e as Error).message}`;
  }
  return `Could not send ${what}: ${(e as Error).message}`;
}
