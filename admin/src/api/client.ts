import { request } from '../../../portal/src/api/client';
import { ApiError } from '../ui';

export { request };

export interface Page<T> {
  rows: T[];
  total: number;
  /** The server stopped counting at `total` (a search matching very many rows). */
  capped: boolean;
  nextCursor: string | null;
}

/** A paged admin list: the array the spec answers, plus X-Total-Count and X-Next-Cursor. */
export async function getPage<T>(path: string, params: Record<string, string | number | undefined>): Promise<Page<T>> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') qs.set(k, String(v));
  const res = await fetch(`${path}${qs.size ? `?${qs}` : ''}`, { credentials: 'include', headers: { Accept: 'application/json' } });
  const text = await res.text();
  if (!res.ok) {
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, text || res.statusText, body);
  }
  return {
    rows: JSON.parse(text) as T[],
    total: Number(res.headers.get('X-Total-Count') ?? '0'),
    capped: res.headers.get('X-Total-Capped') === 'true',
    nextCursor: res.headers.get('X-Next-Cursor'),
  };
}
