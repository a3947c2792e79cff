export type VoiceErrorCode =
  | 'speech_not_configured'
  | 'audio_decode'
  | 'audio_too_large'
  | 'audio_too_long'
  | 'audio_conversion'
  | 'speech_provider'
  | 'speech_synthesis';

/**
 * Base of every error the voice module throws on purpose, so callers can tell "this voice
 * note cannot be used" (answer the user) from a programming error (let it surface).
 */
export class VoiceError extends Error {
  constructor(
    readonly code: VoiceErrorCode,
    message: string,
    /** Worth trying again later (provider outage, timeout), as opposed to a bad input. */
    readonly retryable = false,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}
