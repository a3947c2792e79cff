import { timingSafeEqual } from 'node:crypto';

/** Compares secrets without leaking, through timing, how many leading bytes matched. */
export function secretsEqual(received: string | undefined, expected: string): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
