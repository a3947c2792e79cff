import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks Meta's X-Hub-Signature-256 header: "sha256=" + hex HMAC-SHA256 of the exact bytes
 * received, keyed with the app secret. Compared in constant time so the signature cannot be
 * guessed byte by byte from response timings.
 */
export function isValidWhatsappSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (!header || !header.startsWith('sha256=')) return false;
  const received = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return received.length === expected.length && timingSafeEqual(received, expected);
}

export function signWhatsappBody(rawBody: Buffer | string, appSecret: string): string {
  return 'sha256=' + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}
