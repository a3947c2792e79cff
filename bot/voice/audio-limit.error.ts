import { VoiceError } from './voice.error';

/** Input refused before any work because it is bigger or longer than we accept. */
export class AudioLimitError extends VoiceError {
  constructor(
    readonly limit: 'size' | 'duration',
    readonly actual: number,
    readonly maximum: number,
  ) {
    super(
      limit === 'size' ? 'audio_too_large' : 'audio_too_long',
      limit === 'size'
        ? `Audio is ${actual} bytes, more than the ${maximum} accepted`
        : `Audio lasts ${actual.toFixed(1)} s, more than the ${maximum} s accepted`,
    );
  }
}
