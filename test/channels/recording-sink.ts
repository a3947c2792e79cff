import type { InboundMessage } from '../../bot/channels/channel.types';
import type { DeliveryStatusUpdate, InboundSink, StatusSink } from '../../bot/channels/inbound-sink.port';

/**
 * In-memory stand-in for the intake layer: records every call and answers 'duplicate' for a
 * (channel, messageId) it has seen, as the Postgres-backed sink will.
 */
export class RecordingSink implements InboundSink, StatusSink {
  readonly calls: InboundMessage[] = [];
  readonly statuses: DeliveryStatusUpdate[] = [];
  /** Set to make the next accept() calls fail, as a database outage would. */
  failWith?: Error;
  /** How many calls failWith applies to. */
  failTimes = 1;
  private readonly seen = new Set<string>();

  async accept(msg: InboundMessage): Promise<'accepted' | 'duplicate'> {
    this.calls.push(msg);
    if (this.failWith) {
      const err = this.failWith;
      if (--this.failTimes <= 0) this.failWith = undefined;
      throw err;
    }
    const key = `${msg.channel}:${msg.messageId}`;
    if (this.seen.has(key)) return 'duplicate';
    this.seen.add(key);
    return 'accepted';
  }

  async recordStatus(update: DeliveryStatusUpdate): Promise<void> {
    this.statuses.push(update);
  }

  get accepted(): number {
    return this.seen.size;
  }
}
