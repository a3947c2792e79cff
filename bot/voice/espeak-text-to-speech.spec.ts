import { EspeakTextToSpeech } from './espeak-text-to-speech';
import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { NativeEspeak } from './native-espeak';
import { readOggOpusInfo } from './ogg-opus';
import { SpeechSynthesisError } from './speech-synthesis.error';

const native = NativeEspeak.detect();
const engines: Array<[string, NativeEspeak | null]> = [['WebAssembly build (no system package)', null], ...(native ? [['system espeak-ng', native] as [string, NativeEspeak]] : [])];

describe.each(engines)('EspeakTextToSpeech with the %s (embedded, no network)', (_name, engine) => {
  const converter = new FfmpegAudioConverter();
  const tts = new EspeakTextToSpeech(converter, undefined, engine);
  afterAll(() => tts.close());

  it.each([
    ['fr', 'Rappel : appeler le dentiste demain à neuf heures.'],
    ['en', 'Reminder: call the dentist tomorrow at nine.'],
  ] as const)('speaks %s as a mono Ogg/Opus voice note of plausible length', async (language, text) => {
    const ogg = await tts.synthesize(text, language);
    expect(ogg.subarray(0, 4).toString('ascii')).toBe('OggS');
    const info = readOggOpusInfo(ogg);
    expect(info?.channels).toBe(1);
    // About eight words: between 1.5 and 6 seconds of speech at 160 words a minute.
    expect(info!.durationSeconds).toBeGreaterThan(1.5);
    expect(info!.durationSeconds).toBeLessThan(6);
    // What ffmpeg decodes back is Opus audio of that length, so the bytes are playable.
    const probe = await converter.probe(ogg);
    expect(probe).toMatchObject({ codec: 'opus', channels: 1 });
  });

  it('takes longer to say a longer text', async () => {
    const short = readOggOpusInfo(await tts.synthesize('Bonjour.', 'fr'))!.durationSeconds;
    const long = readOggOpusInfo(
      await tts.synthesize('Bonjour. N’oubliez pas la réunion de l’équipe à quinze heures trente en salle deux.', 'fr'),
    )!.durationSeconds;
    expect(long).toBeGreaterThan(short * 3);
  });

  it('speaks text that looks like a command-line option instead of obeying it', async () => {
    const info = readOggOpusInfo(await tts.synthesize('-v en --help', 'fr'));
    expect(info!.durationSeconds).toBeGreaterThan(0.5);
  });

  it('refuses empty text', async () => {
    await expect(tts.synthesize('   ', 'en')).rejects.toBeInstanceOf(SpeechSynthesisError);
  });

  it('serves requests made at the same time', async () => {
    const results = await Promise.all([
      tts.synthesize('Premier rappel.', 'fr'),
      tts.synthesize('Second reminder.', 'en'),
      tts.synthesize('Troisième rappel.', 'fr'),
    ]);
    for (const ogg of results) expect(readOggOpusInfo(ogg)?.channels).toBe(1);
  });
});
