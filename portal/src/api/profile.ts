import { api } from './client';
import type { Language, User } from './types';

export const updateLanguage = (language: Language) => api.patch<User>('/api/user/language', { language });
export const updatePhone = (phoneNumber: string) => api.patch<User>('/api/user/phone', { phoneNumber });
export const updateTimezone = (timezone: string) => api.patch<User>('/api/user/timezone', { timezone });
export const updateProfileImage = (profileImage: string) =>
  api.patch<User>('/api/user/profile-image', { profileImage });
export const updateProfile = (changes: { displayName?: string; username?: string }) =>
  api.patch<User>('/api/user/profile', changes);
