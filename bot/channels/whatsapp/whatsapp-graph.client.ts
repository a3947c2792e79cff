import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { GraphApiError, WhatsAppClient, type SendMessageResponse } from '@kapso/whatsapp-cloud-api';
import { keptAliveFetch } from '../http-request';
import { type ResolvedWhatsappOptions, WHATSAPP_OPTIONS } from './whatsapp-options';
import { WhatsappApiError } from './whatsapp-api.error';
import type { WaMessage } from './whatsapp-message.builder';

/** Graph error codes that mean "slow down", with the wait Meta documents when no Retry-After is sent. */
const RATE_LIMIT_WAIT_MS: Record<number, number> = {
  4: 60_000, // app-level call limit
  80007: 60_000, // WhatsApp Business Account rate limit
  130429: 1_000, // cloud API throughput
  131048: 60_000, // spam rate limit
  131056: 6_000, // too many messages to the same user (pair rate limit)
};
/** Codes Meta documents as transient server-side trouble even when sent with a 4xx. */
const TRANSIENT_CODES = new Set([1, 2, 131000, 131016]);

export interface MediaInfo {
  url: string;
  mimeType?: string;
  sha256?: string;
}

/** The request never got an answer (network failure, timeout): it may or may not have reached Meta. */
class GraphTransportError extends Error {}

/**
 * The Cloud API through `@kapso/whatsapp-cloud-api`: its typed senders for text, buttons, lists,
 * voice notes and templates, its media upload and lookup, and its authenticated fetch for the
 * download. This class adds what the channel needs around it: a timeout per request, the sha256
 * check of downloaded media (hex or base64), and every failure as a WhatsappApiError that keeps
 * Meta's code and message (shown in the support console) and says whether and when to retry.
 */
@Injectable()
export class WhatsappGraphClient {
  private readonly sdk: WhatsAppClient;

  constructor(@Inject(WHATSAPP_OPTIONS) private readonly options: ResolvedWhatsappOptions) {
    const transport = keptAliveFetch(options.requestTimeoutMs);
    this.sdk = new WhatsAppClient({
      accessToken: options.accessToken,
      baseUrl: options.apiBaseUrl,
      graphVersion: options.apiVersion,
      // Sends go over kept-alive node:http connections: fetch's web streams and abort signals were
      // the largest CPU cost of a send at the top of the hour (bench:burst).
      fetch: async (input, init) => {
        try {
          return await transport(input, init);
        } catch (err) {
          throw new GraphTransportError((err as Error).message);
        }
      },
    });
  }

  /** POST /{version}/{phoneNumberId}/messages with the library's sender for this kind of message; returns the wamid. */
  async sendMessage(message: WaMessage): Promise<string | undefined> {
    const res = await this.call(`send ${message.type}`, () => this.send(message));
    return res?.messages?.[0]?.id;
  }

  /** POST /{version}/{phoneNumberId}/media — multipart upload; returns the media id. */
  async uploadMedia(data: Buffer, mimeType: string, filename: string): Promise<string> {
    const res = await this.call('media upload', () =>
      this.sdk.media.upload({
        phoneNumberId: this.options.phoneNumberId,
        type: mimeType,
        // A Blob keeps its type on the file part (the library would send a bare buffer untyped).
        file: new Blob([new Uint8Array(data)], { type: mimeType }),
        fileName: filename,
      }),
    );
    if (!res?.id) throw new WhatsappApiError('WhatsApp media upload answered without an id', true, undefined, undefined, undefined);
    return res.id;
  }

  /** GET /{version}/{mediaId} — a short-lived download URL (minutes) and the medium's sha256. */
  async mediaInfo(mediaId: string): Promise<MediaInfo> {
    const res = await this.call('media lookup', () => this.sdk.media.get({ mediaId }));
    if (!res || typeof res !== 'object' || !res.url) {
      throw new WhatsappApiError('WhatsApp media lookup answered without a URL', true, undefined, undefined, undefined);
    }
    return { url: res.url, mimeType: res.mimeType, sha256: res.sha256 };
  }

  /**
   * Downloads a media URL given by mediaInfo with the bearer token (the library's authenticated
   * fetch, as its media.download({ auth: 'always' }) does; that helper looks the URL up again and
   * keeps the sha256 to itself, so the lookup is ours) and checks the bytes against the sha256.
   */
  async download(info: MediaInfo): Promise<{ data: Buffer; mimeType: string }> {
    const res = await this.call('media download', () => this.sdk.fetch(info.url));
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      throw toApiError('media download', GraphApiError.fromResponse(res, body, text));
    }
    const data = Buffer.from(await res.arrayBuffer());
    if (info.sha256 && !sha256Matches(data, info.sha256)) throw new MediaHashMismatch();
    const mimeType = info.mimeType ?? res.headers.get('content-type') ?? 'application/octet-stream';
    return { data, mimeType };
  }

  private send(message: WaMessage): Promise<SendMessageResponse> {
    const base = { phoneNumberId: this.options.phoneNumberId, to: message.to };
    const messages = this.sdk.messages;
    switch (message.type) {
      case 'text':
        return messages.sendText({ ...base, body: message.body, previewUrl: false });
      case 'buttons':
        return messages.sendInteractiveButtons({ ...base, bodyText: message.bodyText, buttons: message.buttons });
      case 'list':
        return messages.sendInteractiveList({ ...base, bodyText: message.bodyText, buttonText: message.buttonText, sections: [{ rows: message.rows }] });
      case 'voice':
        return messages.sendAudio({ ...base, audio: { id: message.mediaId, voice: true } });
      case 'template':
        return messages.sendTemplate({ ...base, template: message.template as Parameters<typeof messages.sendTemplate>[0]['template'] });
    }
  }

  private async call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw toApiError(what, err);
    }
  }
}

/**
 * What a failure means for us: Meta's answer keeps its code and message and is retryable when
 * Meta says slow down (with its wait) or is having trouble; a request that got no answer is
 * retryable; anything the library refused before sending (its validation) is final.
 */
export function toApiError(what: string, err: unknown): WhatsappApiError {
  if (err instanceof WhatsappApiError) return err;
  if (err instanceof GraphTransportError) {
    // Network failure or timeout: the message may or may not have left; the caller retries.
    return new WhatsappApiError(`WhatsApp ${what} failed: ${err.message}`, true, undefined, undefined, undefined);
  }
  if (!(err instanceof GraphApiError)) {
    return new WhatsappApiError(`WhatsApp ${what} refused before sending: ${String((err as Error)?.message ?? err).slice(0, 300)}`, false, undefined, undefined, undefined);
  }
  const status = err.httpStatus;
  const envelope = (err.raw as { error?: { code?: unknown; message?: unknown } } | null | undefined)?.error;
  const metaError = typeof envelope === 'object' && envelope !== null ? envelope : undefined;
  const code = typeof metaError?.code === 'number' ? metaError.code : undefined;
  const detail = [typeof metaError?.message === 'string' ? metaError.message : undefined, err.details].filter(Boolean).join(' — ');
  const message = `WhatsApp ${what} failed: HTTP ${status}${code !== undefined ? ` code ${code}` : ''}${detail ? `: ${detail}` : ''}`;
  const headerWait = err.retry.action === 'retry_after' ? err.retry.retryAfterMs : undefined;
  const rateLimited = status === 429 || (code !== undefined && code in RATE_LIMIT_WAIT_MS);
  if (rateLimited) {
    const wait = headerWait ?? (code !== undefined ? RATE_LIMIT_WAIT_MS[code] : undefined) ?? 60_000;
    return new WhatsappApiError(message, true, wait, status, code);
  }
  const retryable = status >= 500 || status === 408 || (code !== undefined && TRANSIENT_CODES.has(code));
  return new WhatsappApiError(message, retryable, retryable ? headerWait : undefined, status, code);
}

/** The downloaded bytes do not match the sha256 Meta gave for them (a truncated or altered download). */
export class MediaHashMismatch extends Error {
  constructor() {
    super('Downloaded media does not match its sha256');
  }
}

/**
 * Meta gives a medium's sha256 as hex in some answers and base64 in others (webhook payloads
 * show base64): both are accepted, compared on the digest bytes.
 */
export function sha256Matches(data: Buffer, expected: string): boolean {
  const digest = createHash('sha256').update(data).digest();
  const text = expected.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return digest.equals(Buffer.from(text, 'hex'));
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(b64)) return digest.equals(Buffer.from(b64, 'base64'));
  return false;
}
