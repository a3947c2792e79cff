import { signal } from '@preact/signals-react';

export type Theme = 'dark' | 'light';
export const THEME_STORAGE_KEY = 'theme';

function readStoredTheme(): Theme | null {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return v === 'dark' || v === 'light' ? v : null;
  } catch {
    return null;
  }
}

/** Stored choice first; otherwise follow the system, and dark when the system says nothing. */
export function initialTheme(): Theme {
  const stored = readStoredTheme();
  if (stored) return stored;
  const prefersLight = typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: light)').matches;
  return prefersLight ? 'light' : 'dark';
}

export const theme = signal<Theme>(initialTheme());

export function applyTheme(value: Theme): void {
  document.documentElement.classList.toggle('dark', value === 'dark');
}

export function setTheme(value: Theme): void {
  theme.value = value;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, value);
  } catch {
    /* storage may be disabled; the choice still holds for this visit */
  }
  applyTheme(value);
}

export function toggleTheme(): void {
  setTheme(theme.value === 'dark' ? 'light' : 'dark');
}

/** While the user has not chosen, keep following the system's changes. */
export function followSystemTheme(): () => void {
  const mq = window.matchMedia?.('(prefers-color-scheme: light)');
  if (!mq) return () => undefined;
  const onChange = () => {
    if (!readStoredTheme()) {
      theme.value = mq.matches ? 'light' : 'dark';
      applyTheme(theme.value);
    }
  };
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}
