import { availableParallelism } from 'node:os';
import { Logger } from '@nestjs/common';
import type { AudioConverter } from './audio-converter.port';
import { EspeakWorker } from './espeak-worker';
import { NativeEspeak } from './native-espeak';
import type { RenderPool } from './render-pool';
import { SpeechSynthesisError } from './speech-synthesis.error';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';
import { makeVoiceNote, type MadeNote } from './voice-note-maker';

const VOICES: Record<VoiceLanguage, string> = { fr: 'fr-fr', en: 'en-us' };
// A little under eSpeak's 175 words a minute: reminders are heard once, on a phone speaker.
const WORDS_PER_MINUTE = 160;
const MAX_TEXT_CHARS = 2000;

/**
 * Embedded speech synthesis with eSpeak-NG: the system's native espeak-ng when installed (a few
 * tens of ms a sentence), else its WebAssembly build (npm `espeak-ng`, GPL-3.0, run inside our
 * server, not distributed; no network, no system package). Either way the WAV is encoded to
 * Ogg/Opus by libopus as WebAssembly, not by an ffmpeg process per note; ffmpeg remains the
 * fallback if that encoder fails. With a RenderPool (the server's default) both steps run in
 * small child processes, one per core, so the server's event loop only passes messages.
 */
export class EspeakTextToSpeech implements TextToSpeech {
  readonly engine: string;
  private readonly logger = new Logger('EspeakTextToSpeech');
  private readonly slots = new Semaphore(Math.max(1, availableParallelism()));

  constructor(
    private readonly converter: AudioConverter,
    private readonly worker = new EspeakWorker(),
    private readonly native: NativeEspeak | null = null,
    private readonly pool?: RenderPool,
  ) {
    this.engine = native ? native.engine : 'espeak-ng (WebAssembly)';
  }

  /**
   * Notes are made at most one per core at once (synthesis and encoding are CPU work): a burst of
   * reminders due together queues here instead of starting hundreds of espeak-ng processes that
   * would starve the event loop (lease renewals, sends) of the whole instance.
   */
  async synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) throw new SpeechSynthesisError('Nothing to say: the text is empty');
    if (clean.length > MAX_TEXT_CHARS) {
      throw new SpeechSynthesisError(`Text is ${clean.length} characters, more than the ${MAX_TEXT_CHARS} spoken`);
    }
    const started = performance.now();
    let note: MadeNote;
    if (this.pool) {
      note = await this.pool.render(VOICES[language], clean, WORDS_PER_MINUTE);
    } else {
      await this.slots.acquire();
      try {
        note = await makeVoiceNote(this.native ?? this.worker, VOICES[language], clean, WORDS_PER_MINUTE);
      } finally {
        this.slots.release();
      }
    }
    let ogg = note.ogg;
    if (!ogg) {
      this.logger.warn(`In-process Opus encoding failed (${note.encodeError}); using ffmpeg`);
      ogg = await this.converter.toOggOpusMono(note.wav);
    }
    this.logger.debug(
      `${language} ${clean.length} chars → ${note.durationSeconds.toFixed(1)} s: synthesis ${note.synthMs.toFixed(0)} ms, encoding ${note.encodeMs.toFixed(0)} ms, total ${(performance.now() - started).toFixed(0)} ms`,
    );
    return ogg;
  }

  async close(): Promise<void> {
    await Promise.all([this.worker.close(), this.pool?.close()]);
  }
}

/** At most `size` holders at once; the others wait in arrival order. */
class Semaphore {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  acquire(): Promise<void> {
    if (this.held < this.size) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held--;
  }
}
