import { VoiceError } from './voice.error';

export type SpeechProviderFailure = 'auth' | 'rate_limited' | 'unavailable' | 'timeout' | 'rejected';

/** The speech service (OpenAI or compatible) refused or failed, after the SDK's own retries. */
export class SpeechProviderError extends VoiceError {
  constructor(
    readonly failure: SpeechProviderFailure,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(
      'speech_provider',
      message,
      failure === 'rate_limited' || failure === 'unavailable' || failure === 'timeout',
      options,
    );
  }
}
