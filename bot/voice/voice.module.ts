import { join } from 'node:path';
import { type DynamicModule, Inject, Logger, Module, type OnModuleDestroy } from '@nestjs/common';
import type { AudioConverter } from './audio-converter.port';
import { CachedTextToSpeech } from './cached-text-to-speech';
import { EspeakTextToSpeech } from './espeak-text-to-speech';
import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { NativeEspeak } from './native-espeak';
import { NotConfiguredSpeechToText } from './not-configured-speech-to-text';
import { OpenAiSpeechToText } from './openai-speech-to-text';
import { OpenAiTextToSpeech } from './openai-text-to-speech';
import { RenderPool } from './render-pool';
import type { SpeechToText } from './speech-to-text.port';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceOptions } from './voice-options';
import { AUDIO_CONVERTER, SPEECH_TO_TEXT, TEXT_TO_SPEECH, VOICE_OPTIONS } from './voice.tokens';

const logger = new Logger('VoiceModule');

/**
 * Speech in, speech out, audio conversion. The adapters follow configuration: with an OpenAI
 * (or compatible) key both directions use that service; without one, voice notes are still
 * spoken by the embedded eSpeak-NG, and incoming voice notes get a "not configured" error the
 * conversation turns into "please type". Global, because the conversation and the delivery
 * both need it and the choice is made once for the whole server.
 */
@Module({})
export class VoiceModule implements OnModuleDestroy {
  constructor(@Inject(TEXT_TO_SPEECH) private readonly tts: TextToSpeech & { close?: () => Promise<void> }) {}

  static forRoot(options: VoiceOptions): DynamicModule {
    return {
      module: VoiceModule,
      global: true,
      providers: [
        { provide: VOICE_OPTIONS, useValue: options },
        {
          provide: AUDIO_CONVERTER,
          useFactory: (opts: VoiceOptions): AudioConverter => {
            const converter = new FfmpegAudioConverter({ ffmpegPath: opts.ffmpegPath });
            logger.log(`Audio conversion: ffmpeg from ${converter.ffmpeg.source} (${converter.ffmpeg.path})`);
            return converter;
          },
          inject: [VOICE_OPTIONS],
        },
        {
          provide: SPEECH_TO_TEXT,
          useFactory: (opts: VoiceOptions, converter: AudioConverter): SpeechToText => {
            const stt = opts.openaiApiKey
              ? new OpenAiSpeechToText(
                  { apiKey: opts.openaiApiKey, baseURL: opts.openaiBaseUrl, model: opts.sttModel },
                  converter,
                )
              : new NotConfiguredSpeechToText();
            logger.log(
              opts.openaiApiKey
                ? `Speech-to-text: ${stt.engine} at ${opts.openaiBaseUrl ?? 'OpenAI'}`
                : 'Speech-to-text: not configured (no OPENAI_API_KEY): voice notes will be answered with "please type"',
            );
            return stt;
          },
          inject: [VOICE_OPTIONS, AUDIO_CONVERTER],
        },
        {
          provide: TEXT_TO_SPEECH,
          useFactory: (opts: VoiceOptions, converter: AudioConverter): TextToSpeech => {
            const inner = opts.openaiApiKey
              ? new OpenAiTextToSpeech(
                  { apiKey: opts.openaiApiKey, baseURL: opts.openaiBaseUrl, model: opts.ttsModel, voice: opts.ttsVoice },
                  converter,
                )
              : embeddedSpeech(converter);
            const directory = opts.dataDir ? join(opts.dataDir, 'voice-cache') : undefined;
            logger.log(
              `Text-to-speech: ${inner.engine}${opts.openaiApiKey ? ` at ${opts.openaiBaseUrl ?? 'OpenAI'}` : ' (embedded, Opus encoded in-process)'}; cache in memory${directory ? ` and in ${directory}` : ''}`,
            );
            return new CachedTextToSpeech(inner, { directory });
          },
          inject: [VOICE_OPTIONS, AUDIO_CONVERTER],
        },
      ],
      exports: [SPEECH_TO_TEXT, TEXT_TO_SPEECH, AUDIO_CONVERTER],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.tts.close?.();
  }
}

/** eSpeak-NG (the system's when installed), with notes made in a pool of processes, one per core. */
function embeddedSpeech(converter: AudioConverter): EspeakTextToSpeech {
  const native = NativeEspeak.detect();
  return new EspeakTextToSpeech(converter, undefined, native, new RenderPool(native?.path ?? null));
}
