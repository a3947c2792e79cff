import type { NextFunction, Request, Response } from 'express';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Provider callbacks: signed by the provider, sent without a browser, in their own formats. */
export function isWebhook(path: string): boolean {
  return /^\/api\/(?:[a-z-]+\/)*webhooks?(?:\/|$)/.test(path) || /\/webhook(?:\/|$)/.test(path);
}

function reject(res: Response, statusCode: number, message: string): void {
  res.status(statusCode).json({ statusCode, error: statusCode === 415 ? 'Unsupported Media Type' : statusCode === 403 ? 'Forbidden' : 'Bad Request', message });
}

/**
 * CSRF for the cookie-authenticated API. A cross-site page can only send "simple" requests
 * (form-encoded, multipart or text/plain bodies) without a preflight, so a state-changing /api
 * call must carry application/json (or no body at all); and when the browser says where the
 * request comes from (Origin, else Referer), that must be this site: PUBLIC_URL's origin or
 * the host the request was addressed to. Webhooks are excepted (signed, not from browsers).
 */
export function csrfGuard(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!STATE_CHANGING.has(req.method) || !req.path.startsWith('/api/') || isWebhook(req.path)) return next();
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if ((hasBody || type) && type !== 'application/json') return reject(res, 415, 'Requests must be sent as application/json.');
    const source = req.headers.origin ?? req.headers.referer;
    if (source && source !== 'null') {
      let origin: string | null = null;
      try {
        origin = new URL(source).origin;
      } catch {
        origin = null;
      }
      const self = `${req.protocol}://${req.headers.host ?? ''}`;
      if (origin !== allowed && origin !== self) return reject(res, 403, 'Cross-site request refused.');
    } else if (source === 'null') {
      return reject(res, 403, 'Cross-site request refused.');
    }
    next();
  };
}

/** PostgreSQL text cannot hold U+0000: a JSON body carrying it is refused up front with a clear 400. */
export function nulGuard(req: Request, res: Response, next: NextFunction): void {
  if (req.body && typeof req.body === 'object' && !isWebhook(req.path) && containsNul(req.body, 0)) {
    return reject(res, 400, 'Text may not contain the NUL character (U+0000).');
  }
  next();
}

function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\u0000') || containsNul(v, depth + 1)) return true;
  return false;
}
