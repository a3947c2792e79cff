import { ApiError, type ErrorBody } from './api-error';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asErrorBody(value: unknown): ErrorBody | null {
  if (value && typeof value === 'object' && 'message' in value) return value as ErrorBody;
  return null;
}

/** The page's language (set on <html lang> by initI18n), so the server words what it describes in it. */
function pageLanguageHeader(): Record<string, string> {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang === 'fr' || lang === 'en' ? { 'Accept-Language': lang } : {};
}

/**
 * The one HTTP client: same-origin cookies, JSON when a payload exists, the page's language as
 * Accept-Language, and every non-2xx answer turned into an ApiError (SPEC §7).
 */
export async function request<T>(method: Method, path: string, payload?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json', ...pageLanguageHeader() } };
  if (payload !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) {
    throw new ApiError(res.status, text || res.statusText, asErrorBody(parseBody(text)));
  }
  return parseBody(text) as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, payload?: unknown) => request<T>('POST', path, payload),
  patch: <T>(path: string, payload?: unknown) => request<T>('PATCH', path, payload),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
