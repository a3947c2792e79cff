import { api } from './client';
import type { SuccessAnswer } from './types';

export const requestPasswordReset = (phoneNumber: string) =>
  api.post<SuccessAnswer>('/api/password/request-reset', { phoneNumber });
export const verifyResetCode = (phoneNumber: string, code: string) =>
  api.post<SuccessAnswer>('/api/password/verify-code', { phoneNumber, code });
export const resetPassword = (phoneNumber: string, code: string, newPassword: string) =>
  api.post<SuccessAnswer>('/api/password/reset-password', { phoneNumber, code, newPassword });
