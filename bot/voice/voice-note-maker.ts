import { encodeOggOpus, wavSamples } from './ogg-opus-encoder';
import { SpeechSynthesisError } from './speech-synthesis.error';

/** Anything that turns text into a WAV: the system's espeak-ng, or its WebAssembly build. */
export interface WavSynthesizer {
  synthesize(voice: string, text: string, rate: number): Promise<{ wav: Buffer; ms: number }>;
}

export interface MadeNote {
  /** Ogg/Opus, or null when in-process encoding failed (`encodeError`): the caller converts `wav` by other means. */
  ogg: Buffer | null;
  wav: Buffer;
  durationSeconds: number;
  synthMs: number;
  encodeMs: number;
  encodeError?: string;
}

/**
 * One voice note: eSpeak's WAV, then Ogg/Opus in-process. The same code runs in the render
 * processes (bot/voice/render-process.ts) and, without a pool, in the caller's own process.
 */
export async function makeVoiceNote(synth: WavSynthesizer, voice: string, text: string, rate: number): Promise<MadeNote> {
  const { wav, ms } = await synth.synthesize(voice, text, rate);
  const pcm = wavSamples(wav);
  if (!pcm || pcm.samples.length === 0) throw new SpeechSynthesisError('eSpeak-NG produced no audio');
  const durationSeconds = pcm.samples.length / pcm.sampleRate;
  const started = performance.now();
  try {
    const ogg = encodeOggOpus(pcm.samples, pcm.sampleRate);
    return { ogg, wav, durationSeconds, synthMs: ms, encodeMs: performance.now() - started };
  } catch (e) {
    return { ogg: null, wav, durationSeconds, synthMs: ms, encodeMs: performance.now() - started, encodeError: (e as Error).message };
  }
}
