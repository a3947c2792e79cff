import { CachedTextToSpeech } from '../../bot/voice/cached-text-to-speech';
import { FfmpegAudioConverter } from '../../bot/voice/ffmpeg-audio-converter';
import { readOggOpusInfo } from '../../bot/voice/ogg-opus';
import { OpenAiTextToSpeech } from '../../bot/voice/openai-text-to-speech';
import { SpeechProviderError } from '../../bot/voice/speech-provider.error';
import { SpeechSynthesisError } from '../../bot/voice/speech-synthesis.error';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { encodeWith, opusHeadChannels, toneWav } from './audio-fixtures';

describe('OpenAiTextToSpeech against the OpenAI audio stand-in', () => {
  const standIn = new OpenAiStandIn('sk-tts-key');
  const converter = new FfmpegAudioConverter();
  let monoOpus: Buffer;

  const adapter = (overrides: Partial<ConstructorParameters<typeof OpenAiTextToSpeech>[0]> = {}) =>
    new OpenAiTextToSpeech({ apiKey: standIn.apiKey, baseURL: standIn.baseURL, ...overrides }, converter);

  beforeAll(async () => {
    await standIn.start();
    monoOpus = await converter.toOggOpusMono(toneWav(2, 1));
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.reset();
    standIn.speech = { bytes: monoOpus, contentType: 'audio/ogg' };
  });

  it('asks for opus with the configured model and voice, and returns the mono Ogg/Opus unchanged', async () => {
    const audio = await adapter().synthesize('Rappel :  appeler Marie.', 'fr');

    expect(audio.equals(monoOpus)).toBe(true);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request.path).toBe('/v1/audio/speech');
    expect(request.authorization).toBe('Bearer sk-tts-key');
    expect(request.contentType).toMatch(/^application\/json/);
    expect(request.json).toMatchObject({
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      input: 'Rappel : appeler Marie.',
      response_format: 'opus',
    });
    expect(request.json!.instructions).toMatch(/français/);
  });

  it('uses TTS_MODEL and TTS_VOICE, and sends no instructions to models that refuse them', async () => {
    await adapter({ model: 'tts-1', voice: 'nova' }).synthesize('Reminder: call Mary.', 'en');
    expect(standIn.requests[0].json).toEqual({ model: 'tts-1', voice: 'nova', input: 'Reminder: call Mary.', response_format: 'opus' });
  });

  it('asks for English instructions in English', async () => {
    await adapter().synthesize('Reminder: call Mary.', 'en');
    expect(standIn.requests[0].json!.instructions).toMatch(/English/);
  });

  it('re-encodes stereo Ogg/Opus from a compatible server to mono', async () => {
    const stereo = encodeWith(toneWav(2, 2), 'ogg', ['-c:a', 'libopus', '-ac', '2']);
    expect(opusHeadChannels(stereo)).toBe(2);
    standIn.speech = { bytes: stereo, contentType: 'audio/ogg' };

    const audio = await adapter().synthesize('Bonjour', 'fr');
    expect(opusHeadChannels(audio)).toBe(1);
    expect(readOggOpusInfo(audio)!.durationSeconds).toBeCloseTo(2, 1);
  });

  it('converts a server that ignores response_format and sends WAV', async () => {
    standIn.speech = { bytes: toneWav(1, 1), contentType: 'audio/wav' };
    const audio = await adapter().synthesize('Hello', 'en');
    expect(opusHeadChannels(audio)).toBe(1);
  });

  it('refuses empty or over-long text before calling the service', async () => {
    await expect(adapter().synthesize('  ', 'fr')).rejects.toBeInstanceOf(SpeechSynthesisError);
    await expect(adapter().synthesize('a'.repeat(4097), 'fr')).rejects.toBeInstanceOf(SpeechSynthesisError);
    expect(standIn.requests).toHaveLength(0);
  });

  it('maps 401 to an auth error and a persistent 500 to a retryable one after two retries', async () => {
    const wrong = new OpenAiTextToSpeech({ apiKey: 'sk-nope', baseURL: standIn.baseURL }, converter);
    await expect(wrong.synthesize('Bonjour', 'fr')).rejects.toMatchObject({ failure: 'auth', status: 401, retryable: false });
    expect(standIn.requests).toHaveLength(1);

    standIn.reset();
    for (let i = 0; i < 3; i++) standIn.failures.push({ status: 502, headers: { 'retry-after-ms': '10' } });
    const error = await adapter().synthesize('Bonjour', 'fr').catch((e: Error) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error).toMatchObject({ failure: 'unavailable', status: 502, retryable: true });
    expect(standIn.requests).toHaveLength(3);
  });

  it('does not call the service again for a delivery retry of the same text (cache)', async () => {
    const tts = new CachedTextToSpeech(adapter());
    const first = await tts.synthesize('Rappel : appeler Marie.', 'fr');
    const retry = await tts.synthesize('Rappel : appeler Marie.', 'fr');
    expect(retry.equals(first)).toBe(true);
    expect(standIn.requests).toHaveLength(1);
    await tts.synthesize('Rappel : appeler Marie.', 'en');
    expect(standIn.requests).toHaveLength(2);
  });
});
