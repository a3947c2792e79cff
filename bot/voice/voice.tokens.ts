/** Injection tokens of the voice ports (rule 2: every external system behind a token). */
export const SPEECH_TO_TEXT = Symbol('SPEECH_TO_TEXT');
export const TEXT_TO_SPEECH = Symbol('TEXT_TO_SPEECH');
export const AUDIO_CONVERTER = Symbol('AUDIO_CONVERTER');
export const VOICE_OPTIONS = Symbol('VOICE_OPTIONS');
