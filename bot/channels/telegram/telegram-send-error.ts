import { GrammyError, HttpError } from 'grammy';
import { ChannelSendError } from '../channel.types';

/**
 * Maps grammY failures onto the dispatcher's retry contract. Messages carry the method and
 * Telegram's description only: grammY's own messages never include the token-bearing URL.
 */
export function toTelegramSendError(err: unknown): ChannelSendError {
  if (err instanceof ChannelSendError) return err;
  if (err instanceof GrammyError) {
    const message = `Telegram ${err.method} failed: ${err.error_code} ${err.description}`;
    if (err.error_code === 429) {
      const seconds = err.parameters.retry_after ?? 1;
      return new ChannelSendError(message, true, seconds * 1000);
    }
    return new ChannelSendError(message, err.error_code >= 500);
  }
  if (err instanceof HttpError) return new ChannelSendError(err.message, true);
  return new ChannelSendError(`Telegram send failed: ${err instanceof Error ? err.message : String(err)}`, true);
}

export function isVoiceForbidden(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400 && err.description.includes('VOICE_MESSAGES_FORBIDDEN');
}
