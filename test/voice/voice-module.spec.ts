import { Test, type TestingModule } from '@nestjs/testing';
import {
  AUDIO_CONVERTER,
  SPEECH_TO_TEXT,
  SpeechNotConfiguredError,
  TEXT_TO_SPEECH,
  VoiceModule,
  readOggOpusInfo,
  type AudioConverter,
  type SpeechToText,
  type TextToSpeech,
} from '../../bot/voice';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { toneWav } from './audio-fixtures';

describe('VoiceModule', () => {
  let moduleRef: TestingModule | undefined;
  afterEach(async () => {
    await moduleRef?.close();
    moduleRef = undefined;
  });

  it('without an OpenAI key: embedded speech synthesis, and voice notes refused as not configured', async () => {
    moduleRef = await Test.createTestingModule({ imports: [VoiceModule.forRoot({})] }).compile();
    const stt = moduleRef.get<SpeechToText>(SPEECH_TO_TEXT);
    const tts = moduleRef.get<TextToSpeech>(TEXT_TO_SPEECH);

    expect(stt.engine).toBe('not-configured');
    await expect(stt.transcribe(Buffer.from('x'))).rejects.toBeInstanceOf(SpeechNotConfiguredError);
    expect(tts.engine).toMatch(/^espeak-ng \((system|WebAssembly)\)$/);
    const audio = await tts.synthesize('Rappel : réunion à quinze heures.', 'fr');
    expect(readOggOpusInfo(audio)?.channels).toBe(1);
  });

  it('with a key and base URL: both directions go to that OpenAI-compatible server', async () => {
    const standIn = await new OpenAiStandIn('sk-module').start();
    try {
      moduleRef = await Test.createTestingModule({
        imports: [
          VoiceModule.forRoot({
            openaiApiKey: 'sk-module',
            openaiBaseUrl: standIn.baseURL,
            sttModel: 'whisper-large-v3',
            ttsModel: 'tts-1',
            ttsVoice: 'echo',
          }),
        ],
      }).compile();
      const converter = moduleRef.get<AudioConverter>(AUDIO_CONVERTER);
      const stt = moduleRef.get<SpeechToText>(SPEECH_TO_TEXT);
      const tts = moduleRef.get<TextToSpeech>(TEXT_TO_SPEECH);
      expect(stt.engine).toBe('openai:whisper-large-v3');
      expect(tts.engine).toBe('openai:tts-1:echo');

      standIn.transcript = { text: 'Remind me to water the plants', language: 'en' };
      const voiceNote = await converter.toOggOpusMono(toneWav(1, 1));
      await expect(stt.transcribe(voiceNote)).resolves.toEqual({ text: 'Remind me to water the plants', language: 'en' });

      standIn.speech = { bytes: voiceNote, contentType: 'audio/ogg' };
      await expect(tts.synthesize('Water the plants', 'en')).resolves.toEqual(voiceNote);

      expect(standIn.requests.map((r) => [r.path, r.upload?.fields.model ?? r.json?.model])).toEqual([
        ['/v1/audio/transcriptions', 'whisper-large-v3'],
        ['/v1/audio/speech', 'tts-1'],
      ]);
    } finally {
      await standIn.stop();
    }
  });
});
