import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { User } from '../../api/accounts/user.entity';
import type { Reach, SentStaffMessage, StaffMessenger } from '../../api/admin/staff-messenger.port';
import { SupportReplyRefused, WHATSAPP_WINDOW_MS } from '../../api/admin/staff-messenger.port';
import { APP_CONFIG, type AppConfig } from '../../api/config/app-config';
import { MessageLogService } from '../../api/live/message-log.service';
import { isBusinessTextChannel } from '../channels/whatsapp/whatsapp-business-text';
import { ChannelChooser, type Route } from './channel-chooser';
import { Outbox } from './outbox';

/**
 * The back-office's messages (support replies, broadcasts) on the same path as every other
 * message: ChannelChooser picks the route (so unproven numbers are never messaged), Outbox sends
 * and logs it (status, provider id, live push), with the staff author or campaign in `details`.
 */
@Injectable()
export class StaffChannelMessenger implements StaffMessenger {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(ChannelChooser) private readonly chooser: ChannelChooser,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async reach(userId: number, now = new Date()): Promise<Reach> {
    const route = await this.route(userId);
    if (!route) return { channel: null, freeText: false, windowClosesAt: null };
    if (route.name !== 'whatsapp') return { channel: route.name, freeText: true, windowClosesAt: null };
    const last = await this.log.lastIncomingAt(userId, 'whatsapp');
    const closes = last ? new Date(last.getTime() + WHATSAPP_WINDOW_MS) : null;
    const open = closes !== null && closes > now;
    return { channel: route.name, freeText: open, windowClosesAt: open ? closes : null };
  }

  async sendSupportReply(userId: number, text: string, staff: { id: number; name: string }): Promise<SentStaffMessage> {
    const route = await this.route(userId);
    if (!route) throw new SupportReplyRefused('unreachable');
    if (route.name === 'whatsapp' && !(await this.reach(userId)).freeText) throw new SupportReplyRefused('window_closed');
    const details = { purpose: 'support', staffId: staff.id, staffName: staff.name };
    await this.outbox.send(route, { kind: 'text', text }, { userId, details });
    return { channel: route.name, via: 'text', messageLogId: null };
  }

  async sendBroadcast(userId: number, text: string, campaignId: string): Promise<SentStaffMessage> {
    const route = await this.route(userId);
    if (!route) throw new SupportReplyRefused('unreachable');
    const details = { purpose: 'broadcast', campaignId };
    const wa = this.config.whatsapp;
    if (route.name === 'whatsapp' && wa && isBusinessTextChannel(route.channel)) {
      const user = await this.users.findOne({ where: { id: userId }, select: { id: true, language: true } });
      const template = { kind: 'broadcast' as const, name: wa.broadcastTemplate, languageCode: wa.reminderTemplateLanguages[user?.language === 'en' ? 'en' : 'fr'], message: text };
      try {
        const sent = await route.channel.sendBusinessText(route.recipientId, { text, template, lastInboundAt: await this.log.lastIncomingAt(userId, 'whatsapp') });
        await this.outbox.record(route, { kind: 'text', text }, { userId, details: { ...details, via: sent.via, ...(sent.via === 'template' ? { template: template.name } : {}) } }, sent.providerMessageId, 'sent');
        return { channel: route.name, via: sent.via, messageLogId: null };
      } catch (e) {
        await this.outbox.record(route, { kind: 'text', text }, { userId, details }, undefined, 'failed', (e as Error).message);
        throw e;
      }
    }
    await this.outbox.send(route, { kind: 'text', text }, { userId, details });
    return { channel: route.name, via: 'text', messageLogId: null };
  }

  private async route(userId: number): Promise<Route | null> {
    const user = await this.users.findOne({ where: { id: userId } });
    return user ? this.chooser.routeFor(user) : null;
  }
}
