import type { Message, Update, User } from 'grammy/types';
import type { InboundMessage } from '../channel.types';

/**
 * Turns one Bot API update into the channel-neutral message, or null for updates we do not
 * handle (edits, stickers, photos, channel posts...).
 *
 * Telegram redelivers an update under the same update_id until it gets a 2xx, but update ids are
 * not durable: after a week without updates the next one is chosen at random and may repeat an
 * old one. So the durable key (messageId) is the message itself, (chat id, message id), which
 * Telegram never reuses within a chat, or the callback query's own unique id; the update_id is
 * passed as deliveryId, which intake deduplicates only within a bounded window.
 */
export function telegramUpdateToInbound(update: Update): InboundMessage | null {
  const deliveryId = String(update.update_id);
  const cq = update.callback_query;
  if (cq) {
    if (cq.data === undefined) return null;
    const chatId = cq.message?.chat.id ?? cq.from.id;
    return { ...sender(cq.from, chatId), messageId: `cb:${cq.id}`, deliveryId, receivedAt: new Date(), kind: 'button', buttonId: cq.data };
  }
  const m = update.message;
  if (!m || !m.from || m.chat.type !== 'private') return null;
  const base = { ...sender(m.from, m.chat.id), messageId: `${m.chat.id}:${m.message_id}`, deliveryId, receivedAt: new Date(m.date * 1000) };
  return fromMessage(m, base);
}

type Base = Pick<InboundMessage, 'channel' | 'senderId' | 'messageId' | 'deliveryId' | 'receivedAt' | 'senderName' | 'languageHint'>;

function fromMessage(m: Message, base: Base): InboundMessage | null {
  if (m.text !== undefined) {
    const first = m.entities?.[0];
    if (first?.type === 'bot_command' && first.offset === 0) {
      // "/start@RappelBot abc" → "/start abc": the mention only matters in groups.
      const command = m.text.slice(0, first.length).replace(/@\w+$/, '').toLowerCase();
      return { ...base, kind: 'command', text: command + m.text.slice(first.length) };
    }
    return { ...base, kind: 'text', text: m.text };
  }
  const audio = m.voice ?? m.audio;
  if (audio) {
    return {
      ...base,
      kind: 'voice',
      ...(m.caption ? { text: m.caption } : {}),
      voice: {
        mediaRef: audio.file_id,
        mimeType: audio.mime_type ?? 'audio/ogg',
        ...(audio.duration !== undefined ? { durationSeconds: audio.duration } : {}),
      },
    };
  }
  if (m.contact) {
    // Only the sender's own card links a phone: anyone can forward someone else's contact.
    if (m.contact.user_id !== m.from?.id) return null;
    const digits = m.contact.phone_number.replace(/[^\d]/g, '');
    return { ...base, kind: 'contact', contactPhone: `+${digits}` };
  }
  const place = m.location;
  if (place && Number.isFinite(place.latitude) && Number.isFinite(place.longitude) && Math.abs(place.latitude) <= 90 && Math.abs(place.longitude) <= 180) {
    return { ...base, kind: 'location', location: { latitude: place.latitude, longitude: place.longitude } };
  }
  return null;
}

type SenderPart = Pick<InboundMessage, 'channel' | 'senderId' | 'senderName' | 'languageHint'>;

function sender(from: User, chatId: number): SenderPart {
  const name = [from.first_name, from.last_name].filter(Boolean).join(' ') || from.username;
  return {
    channel: 'telegram',
    senderId: String(chatId),
    ...(name ? { senderName: name } : {}),
    ...(from.language_code ? { languageHint: from.language_code } : {}),
  };
}
