import { signal } from '@preact/signals-react';
import type { User } from '../api/types';

/** undefined while the first GET /api/user is in flight, null when anonymous. */
export const currentUser = signal<User | null | undefined>(undefined);

export function setCurrentUser(user: User | null): void {
  currentUser.value = user;
}
