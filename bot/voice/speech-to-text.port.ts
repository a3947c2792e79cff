import type { VoiceLanguage } from './voice-language';

export interface TranscribeOptions {
  /** MIME type the channel reported (audio/ogg, audio/webm, audio/mp4...). */
  mimeType?: string;
  /** What we believe the user speaks; used only when the service does not say. */
  languageHint?: VoiceLanguage;
}

export interface Transcript {
  text: string;
  /** Detected language when it is French or English; absent when unknown or another language. */
  language?: VoiceLanguage;
}

/** Port: audio in, text out. Adapters: OpenAI(-compatible) service, or "not configured". */
export interface SpeechToText {
  /** Short label for logs and the admin UI, e.g. "openai:whisper-1" or "not-configured". */
  readonly engine: string;
  transcribe(audio: Buffer, opts?: TranscribeOptions): Promise<Transcript>;
}
