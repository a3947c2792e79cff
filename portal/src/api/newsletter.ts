import { api } from './client';
import type { SuccessAnswer } from './types';

export const subscribeNewsletter = (email: string) =>
  api.post<SuccessAnswer>('/api/newsletter/subscribe', { email });
