import OpenAI, { toFile } from 'openai';
import { AudioDecodeError } from '../../bot/voice/audio-decode.error';
import { AudioLimitError } from '../../bot/voice/audio-limit.error';
import { FfmpegAudioConverter } from '../../bot/voice/ffmpeg-audio-converter';
import { OpenAiSpeechToText } from '../../bot/voice/openai-speech-to-text';
import { SpeechProviderError } from '../../bot/voice/speech-provider.error';
import { OpenAiStandIn } from '../support/openai-stand-in';
import { encodeWith, opusHeadChannels, toneWav } from './audio-fixtures';

describe('OpenAiSpeechToText against the OpenAI audio stand-in', () => {
  const standIn = new OpenAiStandIn('sk-contract-key');
  const converter = new FfmpegAudioConverter();
  let voiceNote: Buffer;

  const adapter = (overrides: Partial<ConstructorParameters<typeof OpenAiSpeechToText>[0]> = {}) =>
    new OpenAiSpeechToText({ apiKey: standIn.apiKey, baseURL: standIn.baseURL, ...overrides }, converter);

  beforeAll(async () => {
    await standIn.start();
    // What WhatsApp and Telegram deliver: mono Ogg/Opus.
    voiceNote = await converter.toOggOpusMono(toneWav(2, 1));
  });
  afterAll(() => standIn.stop());
  beforeEach(() => standIn.reset());

  it('uploads an Ogg/Opus voice note as is, named voice.ogg, and maps the detected language', async () => {
    standIn.transcript = { text: ' Rappelle-moi d’appeler Marie demain à 9 heures ', language: 'fr' };

    const result = await adapter().transcribe(voiceNote, { mimeType: 'audio/ogg; codecs=opus' });

    expect(result).toEqual({ text: 'Rappelle-moi d’appeler Marie demain à 9 heures', language: 'fr' });
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request.path).toBe('/v1/audio/transcriptions');
    expect(request.authorization).toBe('Bearer sk-contract-key');
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.upload).toMatchObject({
      fileName: 'voice.ogg',
      fileType: 'audio/ogg',
      fields: { model: 'whisper-1', response_format: 'verbose_json' },
    });
    expect(request.upload!.bytes.equals(voiceNote)).toBe(true);
  });

  it('reports English as en and a language we do not speak as the hint', async () => {
    standIn.transcript = { text: 'Remind me to call Mary', language: 'en' };
    await expect(adapter().transcribe(voiceNote)).resolves.toEqual({ text: 'Remind me to call Mary', language: 'en' });

    standIn.transcript = { text: 'Erinnere mich', language: 'de' };
    await expect(adapter().transcribe(voiceNote, { languageHint: 'fr' })).resolves.toEqual({ text: 'Erinnere mich', language: 'fr' });
    await expect(adapter().transcribe(voiceNote)).resolves.toEqual({ text: 'Erinnere mich' });
  });

  it('converts a browser WebM recording to mono Ogg/Opus before uploading it', async () => {
    const webm = encodeWith(toneWav(2, 2), 'webm', ['-c:a', 'libopus']);
    expect(webm.subarray(0, 4).toString('hex')).toBe('1a45dfa3');

    await adapter().transcribe(webm, { mimeType: 'audio/webm;codecs=opus' });

    const upload = standIn.requests[0].upload!;
    expect(upload.fileName).toBe('voice.ogg');
    expect(opusHeadChannels(upload.bytes)).toBe(1);
  });

  it('converts an M4A (AAC) note too', async () => {
    const m4a = encodeWith(toneWav(1.5, 1), 'm4a', ['-c:a', 'aac']);
    await adapter().transcribe(m4a, { mimeType: 'audio/mp4' });
    expect(opusHeadChannels(standIn.requests[0].upload!.bytes)).toBe(1);
  });

  it('asks the gpt-4o transcribe models for json and reads the language from the text', async () => {
    standIn.transcript = { text: 'Remind me to call the plumber tomorrow at noon', language: 'en' };
    const result = await adapter({ model: 'gpt-4o-mini-transcribe' }).transcribe(voiceNote);
    expect(standIn.requests[0].upload!.fields).toMatchObject({ model: 'gpt-4o-mini-transcribe', response_format: 'json' });
    expect(result).toEqual({ text: 'Remind me to call the plumber tomorrow at noon', language: 'en' });
  });

  it('sends nothing for audio it cannot decode or will not accept', async () => {
    await expect(adapter().transcribe(Buffer.from('not audio at all'.repeat(50)))).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(adapter({ maxDurationSeconds: 1 }).transcribe(voiceNote)).rejects.toBeInstanceOf(AudioLimitError);
    await expect(adapter({ maxInputBytes: 100 }).transcribe(voiceNote)).rejects.toMatchObject({ limit: 'size' });
    expect(standIn.requests).toHaveLength(0);
  });

  it('turns a wrong key (401) into a non-retryable auth error, without retrying', async () => {
    const wrongKey = new OpenAiSpeechToText({ apiKey: 'sk-wrong', baseURL: standIn.baseURL }, converter);
    const error = await wrongKey.transcribe(voiceNote).catch((e: Error) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect(error).toMatchObject({ failure: 'auth', status: 401, retryable: false });
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0].authorization).toBe('Bearer sk-wrong');
  });

  it('retries a 500 twice (SDK maxRetries 2), then gives a retryable error', async () => {
    // retry-after-ms is the SDK's own header for pacing retries; it keeps this test quick.
    for (let i = 0; i < 3; i++) standIn.failures.push({ status: 500, headers: { 'retry-after-ms': '10' } });
    const error = await adapter().transcribe(voiceNote).catch((e: Error) => e);
    expect(error).toMatchObject({ failure: 'unavailable', status: 500, retryable: true });
    expect(standIn.requests).toHaveLength(3);
  });

  it('recovers when a retry succeeds', async () => {
    standIn.transcript = { text: 'Appeler Paul', language: 'fr' };
    standIn.failures.push({ status: 503, headers: { 'retry-after-ms': '10' } });
    await expect(adapter().transcribe(voiceNote)).resolves.toEqual({ text: 'Appeler Paul', language: 'fr' });
    expect(standIn.requests).toHaveLength(2);
  });

  it('reports a rate limit as retryable', async () => {
    standIn.failures.push({ status: 429, headers: { 'retry-after-ms': '10' } });
    const error = await adapter({ maxRetries: 0 }).transcribe(voiceNote).catch((e: Error) => e);
    expect(error).toMatchObject({ failure: 'rate_limited', status: 429, retryable: true });
  });

  it('gives up on a silent server after its timeout', async () => {
    standIn.failures.push({ status: 200, delayMs: 3000 });
    const started = Date.now();
    const error = await adapter({ timeoutMs: 300, maxRetries: 0 }).transcribe(voiceNote).catch((e: Error) => e);
    expect(error).toMatchObject({ failure: 'timeout', retryable: true });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('is checked by a stand-in that refuses the .oga name the real service refuses', async () => {
    // Proof that the file-name assertion above means something: the same upload named .oga fails.
    const client = new OpenAI({ apiKey: standIn.apiKey, baseURL: standIn.baseURL, maxRetries: 0 });
    await expect(
      client.audio.transcriptions.create({ file: await toFile(voiceNote, 'voice.oga'), model: 'whisper-1' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
