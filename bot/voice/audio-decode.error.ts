import { VoiceError } from './voice.error';

/** The bytes are not audio ffmpeg can read (corrupt, truncated, no audio stream). */
export class AudioDecodeError extends VoiceError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('audio_decode', message, false, options);
  }
}
