import type { InboundMessage } from '../channel.types';
import type { DeliveryStatus, DeliveryStatusUpdate } from '../inbound-sink.port';
import type { WaChangeValue, WaMessage, WaStatus, WaWebhookPayload } from './whatsapp-webhook.types';

export interface ParsedWhatsappWebhook {
  messages: InboundMessage[];
  statuses: DeliveryStatusUpdate[];
  /** Messages of types we do not handle (image, sticker, location, reaction...), by wamid. */
  ignored: Array<{ messageId: string; type: string }>;
}

const STATUSES: readonly DeliveryStatus[] = ['sent', 'delivered', 'read', 'failed'];

/** WhatsApp ids are digits without '+'; the rest of the app speaks E.164. */
export function waIdToE164(waId: string): string {
  return waId.startsWith('+') ? waId : `+${waId}`;
}

export function parseWhatsappWebhook(payload: WaWebhookPayload): ParsedWhatsappWebhook {
  const out: ParsedWhatsappWebhook = { messages: [], statuses: [], ignored: [] };
  if (payload?.object !== 'whatsapp_business_account' || !Array.isArray(payload.entry)) return out;
  for (const entry of payload.entry) {
    for (const change of entry?.changes ?? []) {
      if (change?.field !== 'messages' || !change.value) continue;
      collect(change.value, out);
    }
  }
  return out;
}

function collect(value: WaChangeValue, out: ParsedWhatsappWebhook): void {
  const names = new Map<string, string>();
  for (const c of value.contacts ?? []) {
    if (c?.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
  }
  for (const m of value.messages ?? []) {
    if (!m?.id || !m.from) continue;
    const msg = toInbound(m, names.get(m.from));
    if (msg) out.messages.push(msg);
    else out.ignored.push({ messageId: m.id, type: String(m.type) });
  }
  for (const s of value.statuses ?? []) {
    const status = toStatus(s);
    if (status) out.statuses.push(status);
  }
}

function toInbound(m: WaMessage, senderName: string | undefined): InboundMessage | null {
  const base = {
    channel: 'whatsapp' as const,
    senderId: waIdToE164(m.from),
    ...(senderName ? { senderName } : {}),
    messageId: m.id,
    receivedAt: fromUnixSeconds(m.timestamp),
  };
  switch (m.type) {
    case 'text':
      return m.text ? { ...base, kind: 'text', text: m.text.body } : null;
    case 'audio':
      if (!m.audio?.id) return null;
      return { ...base, kind: 'voice', voice: { mediaRef: m.audio.id, ...(m.audio.mime_type ? { mimeType: m.audio.mime_type } : {}) } };
    case 'interactive': {
      const reply = m.interactive?.button_reply ?? m.interactive?.list_reply;
      return reply?.id ? { ...base, kind: 'button', buttonId: reply.id, ...(reply.title ? { text: reply.title } : {}) } : null;
    }
    case 'button':
      // A template's quick-reply button: the payload we set when sending the template.
      return m.button?.payload ? { ...base, kind: 'button', buttonId: m.button.payload, ...(m.button.text ? { text: m.button.text } : {}) } : null;
    case 'contacts': {
      const phone = m.contacts?.flatMap((c) => c.phones ?? []).find((p) => p.wa_id || p.phone);
      if (!phone) return null;
      const contactPhone = phone.wa_id ? waIdToE164(phone.wa_id) : normalisePhone(phone.phone!);
      return { ...base, kind: 'contact', contactPhone };
    }
    default:
      return null;
  }
}

function toStatus(s: WaStatus): DeliveryStatusUpdate | null {
  if (!s?.id || !STATUSES.includes(s.status as DeliveryStatus)) return null;
  const error = s.errors?.[0];
  return {
    channel: 'whatsapp',
    providerMessageId: s.id,
    status: s.status as DeliveryStatus,
    at: fromUnixSeconds(s.timestamp),
    ...(s.recipient_id ? { recipientId: waIdToE164(s.recipient_id) } : {}),
    ...(error
      ? { error: [error.code, error.title, error.error_data?.details].filter((p) => p !== undefined && p !== '').join(' ') }
      : {}),
  };
}

function fromUnixSeconds(ts: string | undefined): Date {
  const seconds = Number(ts);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

function normalisePhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}
