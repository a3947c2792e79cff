import { BadRequestException, ConflictException, HttpException, NotFoundException } from '@nestjs/common';
import { REMINDER_MESSAGES } from './reminder-rules';

export type ReminderErrorKey = keyof typeof REMINDER_MESSAGES;

const CONFLICTS = new Set<ReminderErrorKey>(['onlyPending', 'inDelivery', 'onlySent', 'triggerOnlyPending', 'changedMeanwhile']);

/** `inDelivery` → `reminder_in_delivery`: the code callers branch on (never the message). */
export const reminderErrorCode = (key: ReminderErrorKey) => `reminder_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;

/**
 * A reminder rule's refusal: the HTTP status and the spec's words for the API, and a `code` for
 * everything else (the conversation chooses the user's words by it).
 */
export function reminderError(key: ReminderErrorKey): HttpException {
  const body = (statusCode: number, error: string) => ({ statusCode, error, message: REMINDER_MESSAGES[key], code: reminderErrorCode(key) });
  if (key === 'notFound') return new NotFoundException(body(404, 'Not Found'));
  if (CONFLICTS.has(key)) return new ConflictException(body(409, 'Conflict'));
  return new BadRequestException(body(400, 'Bad Request'));
}

/** The code of a coded error (reminders, repeats), or undefined. */
export function errorCode(e: unknown): string | undefined {
  if (!(e instanceof HttpException)) return undefined;
  const res = e.getResponse();
  return typeof res === 'object' && res !== null && typeof (res as { code?: unknown }).code === 'string' ? (res as { code: string }).code : undefined;
}
