import { Logger } from '@nestjs/common';
import type { AudioConverter } from './audio-converter.port';
import { EspeakWorker } from './espeak-worker';
import { readWavInfo } from './pcm-wav';
import { SpeechSynthesisError } from './speech-synthesis.error';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';

const VOICES: Record<VoiceLanguage, string> = { fr: 'fr-fr', en: 'en-us' };
// A little under eSpeak's 175 words a minute: reminders are heard once, on a phone speaker.
const WORDS_PER_MINUTE = 160;
const MAX_TEXT_CHARS = 2000;

/**
 * Embedded speech synthesis: eSpeak-NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0, run
 * inside our server, not distributed). No network, no system package, robotic but clear.
 */
export class EspeakTextToSpeech implements TextToSpeech {
  readonly engine = 'espeak-ng';
  private readonly logger = new Logger('EspeakTextToSpeech');

  constructor(
    private readonly converter: AudioConverter,
    private readonly worker = new EspeakWorker(),
  ) {}

  async synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) throw new SpeechSynthesisError('Nothing to say: the text is empty');
    if (clean.length > MAX_TEXT_CHARS) {
      throw new SpeechSynthesisError(`Text is ${clean.length} characters, more than the ${MAX_TEXT_CHARS} spoken`);
    }
    const started = performance.now();
    const { wav, ms } = await this.worker.synthesize(VOICES[language], clean, WORDS_PER_MINUTE);
    const info = readWavInfo(wav);
    if (!info || info.dataBytes === 0) throw new SpeechSynthesisError('eSpeak-NG produced no audio');
    const ogg = await this.converter.toOggOpusMono(wav);
    this.logger.debug(
      `${language} ${clean.length} chars → ${info.durationSeconds.toFixed(1)} s: synthesis ${ms.toFixed(0)} ms, total ${(performance.now() - started).toFixed(0)} ms`,
    );
    return ogg;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
