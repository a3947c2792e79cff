import type { VoiceLanguage } from './voice-language';

/** Port: text in, voice note out. Adapters: OpenAI(-compatible) service, embedded eSpeak-NG. */
export interface TextToSpeech {
  /** Short label for logs, the admin UI and the cache key, e.g. "espeak-ng" or "openai:gpt-4o-mini-tts:alloy". */
  readonly engine: string;
  /** Returns mono OGG/Opus bytes small enough for WhatsApp to play inline. */
  synthesize(text: string, language: VoiceLanguage): Promise<Buffer>;
}
