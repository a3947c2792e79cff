import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/**
 * The language the client shows its page in, from the request's Accept-Language header: the
 * first of French or English by preference (q-values honoured, ties in the order sent, "fr-CA"
 * counts as French). Null when the header names neither, so the caller keeps its own default
 * (the reminder's or the account's language). The portal sends its page language this way, so a
 * repetition is described in the language the page is read in ("every Monday at 08:00" on an
 * English page, even for a reminder made in French).
 */
export function pageLanguage(header: string | string[] | undefined): 'fr' | 'en' | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value || value.length > 500) return null;
  let best: { language: 'fr' | 'en'; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag, ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'fr' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language ?? null;
}

/** The page language of the request (Accept-Language, see pageLanguage), or undefined: one reading for every controller. */
export const PageLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext): 'fr' | 'en' | undefined =>
  pageLanguage(ctx.switchToHttp().getRequest().headers?.['accept-language']) ?? undefined,
);
