import { VoiceError } from './voice.error';

/** The embedded synthesiser could not produce audio for this text. */
export class SpeechSynthesisError extends VoiceError {
  constructor(message: string, retryable = false, options?: { cause?: unknown }) {
    super('speech_synthesis', message, retryable, options);
  }
}
