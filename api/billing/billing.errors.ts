import { BadRequestException, ConflictException, ForbiddenException, HttpException, NotFoundException, ServiceUnavailableException } from '@nestjs/common';

export type BillingErrorCode =
  | 'unknown_plan'
  | 'unsupported_currency'
  | 'payments_off'
  | 'session_not_found'
  | 'session_of_another_user'
  | 'payment_pending'
  | 'no_subscription'
  | 'invalid_signature'
  | 'missing_body'
  | 'card_declined'
  | 'invalid_card'
  | 'session_closed'
  | 'already_subscribed';

/** A billing rule refused something; the HTTP layer turns the code into a status (toHttp). */
export class BillingError extends Error {
  constructor(
    readonly code: BillingErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const STATUS: Record<BillingErrorCode, (m: string) => HttpException> = {
  unknown_plan: (m) => new BadRequestException(m),
  unsupported_currency: (m) => new BadRequestException(m),
  missing_body: (m) => new BadRequestException(m),
  invalid_signature: (m) => new BadRequestException(m),
  invalid_card: (m) => new BadRequestException(m),
  payments_off: (m) => new ServiceUnavailableException(m),
  session_not_found: (m) => new NotFoundException(m),
  no_subscription: (m) => new NotFoundException(m),
  session_of_another_user: (m) => new ForbiddenException(m),
  payment_pending: (m) => new ConflictException(m),
  session_closed: (m) => new ConflictException(m),
  already_subscribed: (m) => new ConflictException(m),
  card_declined: (m) => new HttpException(m, 402),
};

/** Maps BillingError codes to HTTP statuses (the message and details go along). */
export async function toHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof BillingError) {
      const http = STATUS[e.code](e.message);
      const res = http.getResponse();
      throw new HttpException({ ...(typeof res === 'object' ? res : {}), message: e.message, code: e.code, ...e.details }, http.getStatus());
    }
    throw e;
  }
}
