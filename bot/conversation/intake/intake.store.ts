import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { storableJson, storableText } from '../../../api/common/storable-text';
import { MessageLogService } from '../../../api/live/message-log.service';
import { DELIVERY_ID_WINDOW_HOURS } from '../../../api/retention/retention';
import type { InboundMessage } from '../../channels/channel.types';
import type { DeliveryStatusUpdate, InboundSink, StatusSink } from '../../channels/inbound-sink.port';
import { IntakeWakeups } from './intake-wakeups';

/**
 * Where every channel hands its inbound messages: one INSERT … ON CONFLICT DO NOTHING per
 * message, so the webhook can answer at once and a redelivery is recognised; the work happens
 * later in IntakeWorker. Delivery statuses go onto the message they concern in the log.
 */
@Injectable()
export class IntakeStore implements InboundSink, StatusSink {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MessageLogService) private readonly log: MessageLogService,
    @Inject(IntakeWakeups) private readonly wakeups: IntakeWakeups,
  ) {}

  /**
   * One statement: the message key is unique for good; a reusable delivery id (Telegram's
   * update_id) only keeps a new row out while a row with it is younger than the window. Two
   * concurrent deliveries of one update carry the same message key, so the unique index decides.
   */
  async accept(msg: InboundMessage): Promise<'accepted' | 'duplicate'> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO inbound_events (channel, message_id, sender_id, payload, received_at, delivery_id)
       SELECT $1::varchar, $2::varchar, $3::varchar, $4::jsonb, $5::timestamptz, $6::varchar
        WHERE $6::varchar IS NULL OR NOT EXISTS (
          SELECT 1 FROM inbound_events WHERE channel = $1::varchar AND delivery_id = $6::varchar AND created_at > now() - make_interval(hours => $7))
       ON CONFLICT (channel, message_id) DO NOTHING RETURNING id`,
      [
        msg.channel,
        storableText(msg.messageId).slice(0, 128),
        storableText(msg.senderId).slice(0, 64),
        // A provider may deliver text Postgres cannot hold (U+0000, lone surrogates): stored without it.
        storableJson(msg),
        msg.receivedAt,
        msg.deliveryId === undefined ? null : storableText(msg.deliveryId).slice(0, 32),
        DELIVERY_ID_WINDOW_HOURS,
      ],
    );
    if (!rows.length) return 'duplicate';
    this.wakeups.kick();
    return 'accepted';
  }

  async recordStatus(update: DeliveryStatusUpdate): Promise<void> {
    await this.log.updateStatus(update.channel, update.providerMessageId, update.status, update.at, update.error);
  }
}
