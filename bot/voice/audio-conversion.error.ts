import { VoiceError } from './voice.error';

/** ffmpeg itself failed (missing binary, killed, output still too big): not the input's fault. */
export class AudioConversionError extends VoiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('audio_conversion', message, true, options);
  }
}
