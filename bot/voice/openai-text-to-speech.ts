import OpenAI from 'openai';
import type { AudioConverter } from './audio-converter.port';
import { readOggOpusInfo } from './ogg-opus';
import { OPENAI_BASE_URL } from './openai-speech-to-text';
import { toSpeechProviderError } from './openai-error';
import { SpeechSynthesisError } from './speech-synthesis.error';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';

export interface OpenAiTextToSpeechConfig {
  apiKey: string;
  baseURL?: string;
  /** Default gpt-4o-mini-tts: see DEFAULT_TTS_MODEL. */
  model?: string;
  /** Default alloy. */
  voice?: string;
  timeoutMs?: number;
  maxRetries?: number;
  maxOutputBytes?: number;
}

/**
 * gpt-4o-mini-tts by default: cheaper than tts-1-hd, more natural than tts-1, and it takes
 * `instructions`, which we use to keep the accent right for the language. OpenAI-compatible
 * servers usually name their model tts-1: set TTS_MODEL.
 */
export const DEFAULT_TTS_MODEL = 'gpt-4o-mini-tts';
export const DEFAULT_TTS_VOICE = 'alloy';
// The API refuses longer input.
const MAX_INPUT_CHARS = 4096;

const INSTRUCTIONS: Record<VoiceLanguage, string> = {
  fr: 'Parle en français de France, sur un ton clair et amical, comme un assistant qui rappelle quelque chose.',
  en: 'Speak in English, in a clear and friendly tone, like an assistant giving a reminder.',
};

export class OpenAiTextToSpeech implements TextToSpeech {
  readonly engine: string;
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly voice: string;
  private readonly maxOutputBytes: number;
  private readonly timeoutMs: number;

  constructor(
    config: OpenAiTextToSpeechConfig,
    private readonly converter: AudioConverter,
  ) {
    this.model = config.model ?? DEFAULT_TTS_MODEL;
    this.voice = config.voice ?? DEFAULT_TTS_VOICE;
    this.engine = `openai:${this.model}:${this.voice}`;
    this.maxOutputBytes = config.maxOutputBytes ?? 512 * 1024;
    this.timeoutMs = config.timeoutMs ?? 30_000;
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL ?? OPENAI_BASE_URL,
      maxRetries: config.maxRetries ?? 2,
      timeout: this.timeoutMs,
    });
  }

  async synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    const input = text.replace(/\s+/g, ' ').trim();
    if (!input) throw new SpeechSynthesisError('Nothing to say: the text is empty');
    if (input.length > MAX_INPUT_CHARS) {
      throw new SpeechSynthesisError(`Text is ${input.length} characters, more than the ${MAX_INPUT_CHARS} accepted`);
    }
    let audio: Buffer;
    const started = Date.now();
    try {
      const response = await this.client.audio.speech.create({
        model: this.model,
        voice: this.voice,
        input,
        response_format: 'opus',
        // tts-1 and most compatible servers reject or ignore instructions.
        ...(/^gpt-4o/.test(this.model) ? { instructions: INSTRUCTIONS[language] } : {}),
      });
      audio = Buffer.from(await response.arrayBuffer());
    } catch (err) {
      throw toSpeechProviderError(err, 'Speech synthesis', { elapsedMs: Date.now() - started, timeoutMs: this.timeoutMs });
    }
    // OpenAI's opus is already mono Ogg/Opus; a compatible server may send stereo, another
    // container, or something too long for WhatsApp to play inline.
    const info = readOggOpusInfo(audio);
    if (info && info.channels === 1 && audio.length <= this.maxOutputBytes) return audio;
    return this.converter.toOggOpusMono(audio, { maxOutputBytes: this.maxOutputBytes });
  }
}
