import { SpeechNotConfiguredError } from './speech-not-configured.error';
import type { SpeechToText, Transcript } from './speech-to-text.port';

/** Stands in when no speech service is configured: every voice note gets a typed refusal. */
export class NotConfiguredSpeechToText implements SpeechToText {
  readonly engine = 'not-configured';

  transcribe(): Promise<Transcript> {
    return Promise.reject(new SpeechNotConfiguredError());
  }
}
