import { api } from './client';
import type { Language, SuccessAnswer } from './types';

/** POST /api/whatsapp/link — WhatsApp is the primary messaging app (SPEC decisions). */
export const sendWhatsappLink = (phoneNumber: string, language: Language) =>
  api.post<SuccessAnswer>('/api/whatsapp/link', { phoneNumber, language });
