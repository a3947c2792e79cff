import { VoiceError } from './voice.error';

/** No speech-to-text service is configured; the conversation tells the user to type instead. */
export class SpeechNotConfiguredError extends VoiceError {
  constructor() {
    super('speech_not_configured', 'Speech-to-text is not configured (set OPENAI_API_KEY)');
  }
}
