import OpenAI, { toFile } from 'openai';
import type { AudioConverter } from './audio-converter.port';
import { AudioLimitError } from './audio-limit.error';
import { readOggOpusInfo } from './ogg-opus';
import { toSpeechProviderError } from './openai-error';
import type { SpeechToText, TranscribeOptions, Transcript } from './speech-to-text.port';
import { guessLanguageFromText, toVoiceLanguage } from './voice-language';

export interface OpenAiSpeechToTextConfig {
  apiKey: string;
  /** Any OpenAI-compatible server; default OpenAI's own. */
  baseURL?: string;
  /** Default whisper-1: see DEFAULT_STT_MODEL. */
  model?: string;
  timeoutMs?: number;
  maxRetries?: number;
  maxInputBytes?: number;
  maxDurationSeconds?: number;
}

/**
 * whisper-1 is the default because its `verbose_json` answer names the spoken language, which
 * decides whether the bot answers in French or English; the gpt-4o-*-transcribe models only
 * answer `json`/`text` without it. Whisper's API shape is also the one OpenAI-compatible
 * servers (faster-whisper servers, LocalAI, Groq...) implement.
 */
export const DEFAULT_STT_MODEL = 'whisper-1';
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export class OpenAiSpeechToText implements SpeechToText {
  readonly engine: string;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly maxInputBytes: number;
  private readonly maxDurationSeconds: number;
  private readonly timeoutMs: number;

  constructor(
    config: OpenAiSpeechToTextConfig,
    private readonly converter: AudioConverter,
  ) {
    this.model = config.model ?? DEFAULT_STT_MODEL;
    this.engine = `openai:${this.model}`;
    this.maxInputBytes = config.maxInputBytes ?? 16 * 1024 * 1024;
    this.maxDurationSeconds = config.maxDurationSeconds ?? 300;
    this.timeoutMs = config.timeoutMs ?? 30_000;
    this.client = new OpenAI({
      apiKey: config.apiKey,
      // Explicit, so the SDK never falls back to reading OPENAI_BASE_URL itself (api/config/ owns env).
      baseURL: config.baseURL ?? OPENAI_BASE_URL,
      // A voice note is a conversation turn: two quick retries, then tell the user.
      maxRetries: config.maxRetries ?? 2,
      timeout: this.timeoutMs,
    });
  }

  async transcribe(audio: Buffer, opts: TranscribeOptions = {}): Promise<Transcript> {
    const ogg = await this.asOggOpus(audio);
    // The service judges the format by the file name's extension and refuses .oga/.opus.
    const file = await toFile(ogg, 'voice.ogg', { type: 'audio/ogg' });
    const verbose = this.supportsVerboseJson();
    let result: { text: string; language?: string };
    const started = Date.now();
    try {
      result = (await this.client.audio.transcriptions.create({
        file,
        model: this.model,
        response_format: verbose ? 'verbose_json' : 'json',
      })) as { text: string; language?: string };
    } catch (err) {
      throw toSpeechProviderError(err, 'Transcription', { elapsedMs: Date.now() - started, timeoutMs: this.timeoutMs });
    }
    const text = (result.text ?? '').trim();
    const language = toVoiceLanguage(result.language) ?? guessLanguageFromText(text) ?? opts.languageHint;
    return language ? { text, language } : { text };
  }

  /**
   * Messaging apps send Ogg/Opus already: it goes up untouched when it is within our limits
   * (read from its own header, no process spawned). Anything else — WebM from a browser's
   * MediaRecorder, MP4/M4A from iOS, Ogg/Vorbis — is re-encoded, which also enforces the limits.
   * The bytes decide, not the reported MIME type, which apps get wrong ("audio/ogg; codecs=opus",
   * "application/octet-stream").
   */
  private async asOggOpus(audio: Buffer): Promise<Buffer> {
    if (audio.length > this.maxInputBytes) throw new AudioLimitError('size', audio.length, this.maxInputBytes);
    const info = readOggOpusInfo(audio);
    if (info && info.durationSeconds > 0) {
      if (info.durationSeconds > this.maxDurationSeconds) {
        throw new AudioLimitError('duration', info.durationSeconds, this.maxDurationSeconds);
      }
      return audio;
    }
    return this.converter.toOggOpusMono(audio);
  }

  private supportsVerboseJson(): boolean {
    return !/^gpt-4o/.test(this.model);
  }
}
