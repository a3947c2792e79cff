import type { Update } from 'grammy/types';
import { telegramUpdateToInbound } from './telegram-update.mapper';

const from = { id: 77, is_bot: false, first_name: 'Sam', language_code: 'en' };
const privateChat = { id: 77, type: 'private' as const, first_name: 'Sam' };

describe('telegramUpdateToInbound', () => {
  it('ignores messages from groups', () => {
    const update = {
      update_id: 1,
      message: { message_id: 1, date: 1, from, chat: { id: -100, type: 'group', title: 'Family' }, text: 'hi' },
    } as Update;
    expect(telegramUpdateToInbound(update)).toBeNull();
  });

  it('keeps a command not at the start as plain text', () => {
    const update = {
      update_id: 2,
      message: { message_id: 2, date: 1, from, chat: privateChat, text: 'please /help', entities: [{ type: 'bot_command', offset: 7, length: 5 }] },
    } as Update;
    expect(telegramUpdateToInbound(update)).toMatchObject({ kind: 'text', text: 'please /help' });
  });

  it('lower-cases the command word but keeps its argument as typed', () => {
    const update = {
      update_id: 3,
      message: { message_id: 3, date: 1, from, chat: privateChat, text: '/TZ Europe/Paris', entities: [{ type: 'bot_command', offset: 0, length: 3 }] },
    } as Update;
    expect(telegramUpdateToInbound(update)).toMatchObject({ kind: 'command', text: '/tz Europe/Paris', languageHint: 'en' });
  });

  it('maps an audio file like a voice note, keeping its mime type', () => {
    const update = {
      update_id: 4,
      message: { message_id: 4, date: 1, from, chat: privateChat, audio: { file_id: 'F', file_unique_id: 'U', duration: 12, mime_type: 'audio/mpeg' } },
    } as Update;
    expect(telegramUpdateToInbound(update)).toMatchObject({ kind: 'voice', voice: { mediaRef: 'F', mimeType: 'audio/mpeg', durationSeconds: 12 } });
  });

  it('keys a message by (chat, message id) and a callback query by its own id, the update id apart', () => {
    const message = { update_id: 900, message: { message_id: 41, date: 1, from, chat: privateChat, text: 'hi' } } as Update;
    expect(telegramUpdateToInbound(message)).toMatchObject({ messageId: '77:41', deliveryId: '900' });
    const query = { update_id: 901, callback_query: { id: '58273', from, chat_instance: 'c', data: 'confirm', message: { message_id: 41, date: 1, chat: privateChat } } } as Update;
    expect(telegramUpdateToInbound(query)).toMatchObject({ messageId: 'cb:58273', deliveryId: '901', senderId: '77' });
  });

  it('ignores callback queries without data (game buttons)', () => {
    const update = { update_id: 5, callback_query: { id: 'q', from, chat_instance: 'c', game_short_name: 'g' } } as Update;
    expect(telegramUpdateToInbound(update)).toBeNull();
  });
});
