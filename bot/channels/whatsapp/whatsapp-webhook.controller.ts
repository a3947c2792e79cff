import {
  BadRequestException,
  Controller,
  ForbiddenException,
  Get,
  Header,
  Headers,
  HttpCode,
  Inject,
  Logger,
  Post,
  Query,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { ChannelSinks } from '../channel-sinks.service';
import { secretsEqual } from '../constant-time';
import { isValidWhatsappSignature } from './whatsapp-signature';
import { parseWhatsappWebhook } from './whatsapp-webhook.parser';
import { type ResolvedWhatsappOptions, WHATSAPP_OPTIONS } from './whatsapp-options';
import type { WaWebhookPayload } from './whatsapp-webhook.types';

/**
 * Meta's webhook: verification handshake and signed deliveries. Answers as soon as every message
 * is handed to the sink (a row insert); media is fetched later by the conversation layer.
 */
@Controller('api/whatsapp')
export class WhatsappWebhookController {
  private readonly logger = new Logger(WhatsappWebhookController.name);

  constructor(
    @Inject(WHATSAPP_OPTIONS) private readonly options: ResolvedWhatsappOptions,
    @Inject(ChannelSinks) private readonly sinks: ChannelSinks,
  ) {}

  @Get('webhook')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  verify(
    @Query('hub.mode') mode: string | undefined,
    @Query('hub.verify_token') token: string | undefined,
    @Query('hub.challenge') challenge: string | undefined,
  ): string {
    if (mode !== 'subscribe' || !secretsEqual(token, this.options.verifyToken)) {
      throw new ForbiddenException('Verification token mismatch');
    }
    return typeof challenge === 'string' ? challenge : '';
  }

  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() req: RawBodyRequest<Request>,
    @Headers('x-hub-signature-256') signature: string | undefined,
  ): Promise<void> {
    const raw = req.rawBody;
    if (!raw) {
      // Only happens when the app was created without { rawBody: true }: nothing can be verified.
      this.logger.error('No raw body on the request: create the Nest app with { rawBody: true }');
      throw new UnauthorizedException('Signature cannot be verified');
    }
    if (!isValidWhatsappSignature(raw, signature, this.options.appSecret)) {
      throw new UnauthorizedException('Invalid signature');
    }
    const payload = this.payloadOf(req, raw);
    const parsed = parseWhatsappWebhook(payload);
    if (parsed.ignored.length > 0) {
      this.logger.debug(`Ignored WhatsApp message types: ${parsed.ignored.map((i) => i.type).join(', ')}`);
    }
    const inbound = parsed.messages.length > 0 ? this.sinks.inbound() : undefined;
    // In order: one delivery can hold several messages of one sender.
    for (const msg of parsed.messages) await inbound!.accept(msg);
    if (parsed.statuses.length > 0) {
      const statusSink = this.sinks.status();
      for (const s of parsed.statuses) {
        // Meta accepts a send at once and reports some refusals only later, here: 131047 when the 24 h
        // window had closed, 132xxx when a template does not match its approved form.
        if (s.status === 'failed') this.logger.warn(`WhatsApp could not deliver ${s.providerMessageId}${s.recipientId ? ` to ${s.recipientId}` : ''}: ${s.error ?? 'no reason given'}`);
        if (statusSink) await statusSink.recordStatus(s);
      }
    }
  }

  private payloadOf(req: Request, raw: Buffer): WaWebhookPayload {
    if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) return req.body as WaWebhookPayload;
    try {
      return JSON.parse(raw.toString('utf8')) as WaWebhookPayload;
    } catch {
      throw new BadRequestException('Body is not JSON');
    }
  }
}
