import { api } from './client';
import type { Language, SuccessAnswer } from './types';

/** POST /api/whatsapp/link — WhatsApp is the primary messaging app (SPEC decisions). */
export const sendWhatsappLink = (phoneNumber: string, language: Language) =>
  api.post<SuccessAnswer>('/api/whatsapp/link', { phoneNumber, language });

/** POST /api/telegram/link-token — a deep link that ties a Telegram chat to the signed-in account. */
export const createTelegramLink = () =>
  api.post<{ url: string; token: string; expiresAt: string }>('/api/telegram/link-token');
