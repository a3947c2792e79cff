/** What VoiceModule needs from configuration; api/config/ reads the environment and fills it. */
export interface VoiceOptions {
  /** OPENAI_API_KEY: when set, speech goes through the OpenAI(-compatible) service. */
  openaiApiKey?: string;
  /** OPENAI_BASE_URL: any OpenAI-compatible server (default https://api.openai.com/v1). */
  openaiBaseUrl?: string;
  /** STT_MODEL (default whisper-1). */
  sttModel?: string;
  /** TTS_MODEL (default gpt-4o-mini-tts). */
  ttsModel?: string;
  /** TTS_VOICE (default alloy). */
  ttsVoice?: string;
  /** FFMPEG_PATH: an ffmpeg binary to use instead of the one shipped by @ffmpeg-installer/ffmpeg. */
  ffmpegPath?: string;
  /** DATA_DIR: when set, synthesised voice notes are also cached on disk under DATA_DIR/voice-cache. */
  dataDir?: string;
}
