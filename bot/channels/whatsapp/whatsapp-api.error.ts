import { ChannelSendError } from '../channel.types';

/** A Graph API failure, keeping Meta's error code so callers can react to specific ones (131047...). */
export class WhatsappApiError extends ChannelSendError {
  constructor(
    message: string,
    retryable: boolean,
    retryAfterMs: number | undefined,
    readonly httpStatus: number | undefined,
    readonly code: number | undefined,
  ) {
    super(message, retryable, retryAfterMs);
    this.name = 'WhatsappApiError';
  }
}
