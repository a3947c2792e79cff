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
    const reachable = user ?? { id: recipient.id, phoneNumber: recipient.phoneNumber, telegramChatId: recipient.telegramChatId ?? null, preferredChannel: null };
    // The welcome answers the link form, which asks for it on WhatsApp whatever channel the user prefers.
    const route = (about?.purpose === 'welcome' ? this.chooser.on('whatsapp', reachable) : null) ?? this.chooser.routeFor(reachable);
    if (!route || route.name === 'simulator') {
      this.logger.log(`[embedded channel] to ${recipient.phoneNumber ?? `user ${recipient.id}`}: ${text}`);
    }
    if (!route) return;
    const wa = this.config.whatsapp;
    if (about && wa && route.name === 'whatsapp' && isBusinessTextChannel(route.channel)) {
      const language = (user?.language ?? recipient.language) === 'en' ? 'en' : 'fr';
      await this.sendOnWhatsapp({ ...route, channel: route.channel }, recipient.id, text, whatsappTemplate(about, wa, language));
      return;
    }
    await this.outbox.send(route, { kind: 'text', text }, { userId: recipient.id, ...(about ? { details: { purpose: about.purpose } } : {}) });
  }

  private async sendOnWhatsapp(route: Route & { channel: BusinessTextChannel }, userId: number, text: string, template: WhatsappTemplate): Promise<void> {
    const details = { purpose: template.kind };
    try {
      const lastInboundAt = await this.log.lastIncomingAt(userId, 'whatsapp');
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

function whatsappTemplate(about: MessagePurpose, wa: WhatsappConfig, language: 'fr' | 'en'): WhatsappTemplate {
  const languageCode = wa.reminderTemplateLanguages[language];
  return about.purpose === 'otp'
    ? { kind: 'otp', name: wa.otpTemplate, languageCode, code: about.code }
    : { kind: 'welcome', name: wa.welcomeTemplate, languageCode, url: about.url };
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

function describeFailure(e: unknown, template: WhatsappTemplate, userId: number): string {
  const what = `the ${template.kind} message to user ${userId} (template "${template.name}", ${template.languageCode})`;
  const code = e instanceof WhatsappApiError ? e.code : undefined;
  if (code !== undefined && code in TEMPLATE_PROBLEMS) {
    return `WhatsApp refused ${what}: ${TEMPLATE_PROBLEMS[code]} (code ${code}). Check the template in WhatsApp Manager against infra/README.md. ${(e as Error).message}`;
  }
  if (code === 131047) {
    return `WhatsApp refused ${what} as outside the 24-hour window (code 131047). ${(e as Error).message}`;
  }
  return `Could not send ${what}: ${(e as Error).message}`;
}
