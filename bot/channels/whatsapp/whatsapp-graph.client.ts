import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type HttpAnswer, httpRequest, multipartBody } from '../http-request';
import { type ResolvedWhatsappOptions, WHATSAPP_OPTIONS } from './whatsapp-options';
import { WhatsappApiError } from './whatsapp-api.error';

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

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

export interface MediaInfo {
  url: string;
  mime_type?: string;
  sha256?: string;
  file_size?: number;
}

/** Thin HTTP client for the Graph API: bearer auth, timeouts, and errors as ChannelSendErrors. */
@Injectable()
export class WhatsappGraphClient {
  constructor(@Inject(WHATSAPP_OPTIONS) private readonly options: ResolvedWhatsappOptions) {}

  /** POST /{version}/{phoneNumberId}/messages */
  async sendMessage(body: Record<string, unknown>): Promise<string | undefined> {
    const res = await this.call('POST', `${this.options.phoneNumberId}/messages`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...body }),
    });
    const json = parseJson(res) as { messages?: Array<{ id?: string }> };
    return json.messages?.[0]?.id;
  }

  /** POST /{version}/{phoneNumberId}/media — multipart upload; returns the media id. */
  async uploadMedia(data: Buffer, mimeType: string, filename: string): Promise<string> {
    const form = multipartBody({ messaging_product: 'whatsapp', type: mimeType }, { name: 'file', filename, type: mimeType, data });
    const res = await this.call('POST', `${this.options.phoneNumberId}/media`, { headers: { 'content-type': form.contentType }, body: form.body });
    const json = parseJson(res) as { id?: string };
    if (!json.id) throw new WhatsappApiError('Media upload answered without an id', true, undefined, res.status, undefined);
    return json.id;
  }

  /** GET /{version}/{mediaId} — a short-lived download URL (minutes). */
  async mediaInfo(mediaId: string): Promise<MediaInfo> {
    const res = await this.call('GET', encodeURIComponent(mediaId));
    const json = parseJson(res) as MediaInfo;
    if (!json.url) throw new WhatsappApiError('Media lookup answered without a URL', true, undefined, res.status, undefined);
    return json;
  }

  /** Downloads a media URL given by mediaInfo; it needs the same bearer token. */
  async download(info: MediaInfo): Promise<{ data: Buffer; mimeType: string }> {
    const res = await this.requestOrThrow(info.url, 'GET', { headers: this.auth() }, 'media download');
    const data = res.body;
    if (info.sha256 && !sha256Matches(data, info.sha256)) throw new MediaHashMismatch();
    const mimeType = info.mime_type ?? res.headers['content-type'] ?? 'application/octet-stream';
    return { data, mimeType };
  }

  private async call(method: 'GET' | 'POST', path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<HttpAnswer> {
    const url = `${this.options.apiBaseUrl}/${this.options.apiVersion}/${path}`;
    return this.requestOrThrow(url, method, { body: init.body, headers: { ...init.headers, ...this.auth() } }, `${method} /${path.split('/').pop()}`);
  }

  private async requestOrThrow(url: string, method: 'GET' | 'POST', init: { headers: Record<string, string>; body?: string | Buffer }, what: string): Promise<HttpAnswer> {
    let res: HttpAnswer;
    try {
      res = await httpRequest(url, { method, ...init, timeoutMs: this.options.requestTimeoutMs });
    } catch (err) {
      // Network failure or timeout: the message may or may not have left; the caller retries.
      throw new WhatsappApiError(`WhatsApp ${what} failed: ${(err as Error).message}`, true, undefined, undefined, undefined);
    }
    if (res.status >= 200 && res.status < 300) return res;
    const retryAfter = res.headers['retry-after'];
    throw toApiError(what, res.status, (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null, res.body.toString('utf8'));
  }

  private auth(): Record<string, string> {
    return { authorization: `Bearer ${this.options.accessToken}` };
  }
}

export function toApiError(what: string, status: number, retryAfterHeader: string | null, bodyText: string): WhatsappApiError {
  let body: GraphErrorBody = {};
  try {
    body = JSON.parse(bodyText) as GraphErrorBody;
  } catch {
    /* not JSON: keep the status alone */
  }
  const code = body.error?.code;
  const detail = [body.error?.message, body.error?.error_data?.details].filter(Boolean).join(' — ');
  const message = `WhatsApp ${what} failed: HTTP ${status}${code !== undefined ? ` code ${code}` : ''}${detail ? `: ${detail}` : ''}`;
  const headerWait = parseRetryAfter(retryAfterHeader);
  const rateLimited = status === 429 || (code !== undefined && code in RATE_LIMIT_WAIT_MS);
  if (rateLimited) {
    const wait = headerWait ?? (code !== undefined ? RATE_LIMIT_WAIT_MS[code] : undefined) ?? 60_000;
    return new WhatsappApiError(message, true, wait, status, code);
  }
  const retryable = status >= 500 || status === 408 || (code !== undefined && TRANSIENT_CODES.has(code));
  return new WhatsappApiError(message, retryable, retryable ? headerWait : undefined, status, code);
}

/** A 2xx answer that is not JSON is the provider's trouble (retryable), as fetch's res.json() failing was. */
function parseJson(res: HttpAnswer): unknown {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new WhatsappApiError(`WhatsApp answered HTTP ${res.status} with a body that is not JSON`, true, undefined, res.status, undefined);
  }
}

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
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
