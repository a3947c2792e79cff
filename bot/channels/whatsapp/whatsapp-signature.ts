import { createHmac } from 'node:crypto';
import { verifySignature } from '@kapso/whatsapp-cloud-api/server';

/**
 * Checks Meta's X-Hub-Signature-256 header: "sha256=" + hex HMAC-SHA256 of the exact bytes
 * received, keyed with the app secret. The WhatsApp client library does the check, in constant
 * time, so the signature cannot be guessed byte by byte from response timings.
 */
export function isValidWhatsappSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  return verifySignature({ appSecret, rawBody, signatureHeader: header });
}

/** Signs a body as Meta does (tests and benchmarks post webhooks with it). */
export function signWhatsappBody(rawBody: Buffer | string, appSecret: string): string {
  return 'sha256=' + createHmac('sha256', appSecret).update(rawBody).digest('hex');
}
