import type { ChannelName, InboundMessage } from './channel.types';

/**
 * Where channel adapters hand every inbound message. Implemented by the intake layer: it records
 * the event once per (channel, messageId) in Postgres, and not at all when its deliveryId was
 * recorded within the delivery window, and processes it asynchronously, so `accept` must stay
 * fast (one insert) — webhooks answer only after it resolves.
 *
 * Adapters call `accept` for every delivery they receive, redeliveries included; 'duplicate'
 * tells them the event was already recorded. A rejection means "not recorded": the webhook then
 * answers 5xx so the provider delivers again.
 */
export interface InboundSink {
  accept(msg: InboundMessage): Promise<'accepted' | 'duplicate'>;
}

export const INBOUND_SINK = Symbol('INBOUND_SINK');

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A provider's report on a message we sent (WhatsApp status callbacks). */
export interface DeliveryStatusUpdate {
  channel: ChannelName;
  /** Id returned by MessagingChannel.send (SendResult.providerMessageId). */
  providerMessageId: string;
  status: DeliveryStatus;
  at: Date;
  /** Recipient as the provider names it, in InboundMessage.senderId form. */
  recipientId?: string;
  /** Provider's reason when status is 'failed', e.g. "131047 Re-engagement message". */
  error?: string;
}

/**
 * Receives delivery status callbacks. Statuses can arrive more than once and out of order
 * (read before delivered); the implementer keeps the furthest one.
 */
export interface StatusSink {
  recordStatus(update: DeliveryStatusUpdate): Promise<void>;
}

export const STATUS_SINK = Symbol('STATUS_SINK');
