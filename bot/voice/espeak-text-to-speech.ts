import { Logger } from '@nestjs/common';
import type { AudioConverter } from './audio-converter.port';
import { EspeakWorker } from './espeak-worker';
import { NativeEspeak } from './native-espeak';
import { encodeOggOpus, wavSamples } from './ogg-opus-encoder';
import { SpeechSynthesisError } from './speech-synthesis.error';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';

const VOICES: Record<VoiceLanguage, string> = { fr: 'fr-fr', en: 'en-us' };
// A little under eSpeak's 175 words a minute: reminders are heard once, on a phone speaker.
const WORDS_PER_MINUTE = 160;
const MAX_TEXT_CHARS = 2000;

/**
 * Embedded speech synthesis with eSpeak-NG: the system's native espeak-ng when installed (a few
 * tens of ms a sentence), else its WebAssembly build (npm `espeak-ng`, GPL-3.0, run inside our
 * server, not distributed; no network, no system package). Either way the WAV is encoded to
 * Ogg/Opus in-process (libopus as WebAssembly), not by an ffmpeg process per note; ffmpeg
 * remains the fallback if that encoder fails.
 */
export class EspeakTextToSpeech implements TextToSpeech {
  readonly engine: string;
  private readonly logger = new Logger('EspeakTextToSpeech');

  constructor(
    private readonly converter: AudioConverter,
    private readonly worker = new EspeakWorker(),
    private readonly native: NativeEspeak | null = null,
  ) {
    this.engine = native ? native.engine : 'espeak-ng (WebAssembly)';
  }

  async synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) throw new SpeechSynthesisError('Nothing to say: the text is empty');
    if (clean.length > MAX_TEXT_CHARS) {
      throw new SpeechSynthesisError(`Text is ${clean.length} characters, more than the ${MAX_TEXT_CHARS} spoken`);
    }
    const started = performance.now();
    const { wav, ms } = await (this.native ?? this.worker).synthesize(VOICES[language], clean, WORDS_PER_MINUTE);
    const pcm = wavSamples(wav);
    if (!pcm || pcm.samples.length === 0) throw new SpeechSynthesisError('eSpeak-NG produced no audio');
    const info = { durationSeconds: pcm.samples.length / pcm.sampleRate };
    let ogg: Buffer;
    try {
      ogg = encodeOggOpus(pcm.samples, pcm.sampleRate);
    } catch (e) {
      this.logger.warn(`In-process Opus encoding failed (${(e as Error).message}); using ffmpeg`);
      ogg = await this.converter.toOggOpusMono(wav);
    }
    this.logger.debug(
      `${language} ${clean.length} chars → ${info.durationSeconds.toFixed(1)} s: synthesis ${ms.toFixed(0)} ms, total ${(performance.now() - started).toFixed(0)} ms`,
    );
    return ogg;
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
