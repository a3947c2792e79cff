import { signal } from '@preact/signals-react';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info';

export interface ToastMessage {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
}

let nextId = 1;

/** SPEC §9: one toast at a time; a new one replaces the current. */
export const activeToast = signal<ToastMessage | null>(null);

export function showToast(input: { title: string; description?: string; variant?: ToastVariant; duration?: number }): void {
  activeToast.value = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? 5000,
  };
}

export function dismissToast(): void {
  activeToast.value = null;
}
