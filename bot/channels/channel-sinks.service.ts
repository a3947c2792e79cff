import { Inject, Injectable, Logger, OnApplicationBootstrap, ServiceUnavailableException } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { INBOUND_SINK, InboundSink, STATUS_SINK, StatusSink } from './inbound-sink.port';

/**
 * Finds the intake layer's sinks wherever they are provided in the app. Looked up lazily rather
 * than injected because the intake/conversation modules depend on ChannelRegistry to reply:
 * injecting their sink here would make the two modules import each other.
 */
@Injectable()
export class ChannelSinks implements OnApplicationBootstrap {
  private readonly logger = new Logger(ChannelSinks.name);
  private inboundSink?: InboundSink;
  private statusSink?: StatusSink;

  // Explicit @Inject: scripts run under tsx/esbuild, which emits no constructor type metadata.
  constructor(@Inject(ModuleRef) private readonly moduleRef: ModuleRef) {}

  onApplicationBootstrap(): void {
    if (!this.find<InboundSink>(INBOUND_SINK)) {
      this.logger.error('No INBOUND_SINK provider in the app: channel webhooks will answer 503 until one exists');
    }
    if (!this.find<StatusSink>(STATUS_SINK)) {
      this.logger.warn('No STATUS_SINK provider in the app: WhatsApp delivery statuses will be dropped');
    }
  }

  inbound(): InboundSink {
    this.inboundSink ??= this.find<InboundSink>(INBOUND_SINK);
    if (!this.inboundSink) throw new ServiceUnavailableException('Inbound message intake is not available');
    return this.inboundSink;
  }

  /** Undefined when nobody records statuses; statuses are informative, so they are then dropped. */
  status(): StatusSink | undefined {
    this.statusSink ??= this.find<StatusSink>(STATUS_SINK);
    return this.statusSink;
  }

  private find<T>(token: symbol): T | undefined {
    try {
      return this.moduleRef.get<T>(token, { strict: false });
    } catch {
      return undefined;
    }
  }
}
