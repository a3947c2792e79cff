import { api } from './client';
import type { Language, User } from './types';

export const updateLanguage = (language: Language) => api.patch<User>('/api/user/language', { language });
export const updatePhone = (phoneNumber: string) => api.patch<User>('/api/user/phone', { phoneNumber });
export const updateTimezone = (timezone: string) => api.patch<User>('/api/user/timezone', { timezone });
export const updateProfileImage = (profileImage: string) =>
  api.patch<User>('/api/user/profile-image', { profileImage });
export const updateProfile = (changes: { displayName?: string; username?: string }) =>
  api.patch<User>('/api/user/profile', changes);

/** Proving the claimed number: the wa.me "CODE 123456" link, or a code sent to the number and typed back. */
export interface PhoneProofLink {
  code: string;
  text: string;
  url: string | null;
  expiresAt: string;
}
export const createPhoneProofLink = () => api.post<PhoneProofLink>('/api/user/phone/proof-link', {});
export const sendPhoneCode = () => api.post<{ success: true; expiresAt: string }>('/api/user/phone/send-code', {});
export const verifyPhoneCode = (code: string) => api.post<User>('/api/user/phone/verify', { code });
