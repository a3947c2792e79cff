import { api } from './client';
import type { User } from './types';

export interface LoginPayload {
  username: string;
  countryCode: string;
  password: string;
}

export interface RegisterPayload {
  phoneNumber: string;
  password: string;
  username?: string;
  email?: string;
  referredBy?: string;
  countryCode?: string;
}

export const login = (payload: LoginPayload) => api.post<User>('/api/login', payload);
export const register = (payload: RegisterPayload) => api.post<User>('/api/register', payload);
export const logout = () => api.post<unknown>('/api/logout');
