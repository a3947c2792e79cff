import { EspeakTextToSpeech } from './espeak-text-to-speech';
import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { NativeEspeak } from './native-espeak';
import { readOggOpusInfo } from './ogg-opus';
import { RenderPool } from './render-pool';
import { SpeechSynthesisError } from './speech-synthesis.error';

const native = NativeEspeak.detect();
const engines: Array<[string, NativeEspeak | null]> = [['WebAssembly build (no system package)', null], ...(native ? [['system espeak-ng', native] as [string, NativeEspeak]] : [])];
const cases = engines.flatMap(([name, engine]) => [
  [`${name}, in this process`, engine, false],
  [`${name}, in a pool of render processes`, engine, true],
]) as Array<[string, NativeEspeak | null, boolean]>;

describe.each(cases)('EspeakTextToSpeech with the %s (embedded, no network)', (_name, engine, pooled) => {
  const converter = new FfmpegAudioConverter();
  const tts = new EspeakTextToSpeech(converter, undefined, engine, pooled ? new RenderPool(engine?.path ?? null, 2) : undefined);
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

describe('RenderPool', () => {
  const pool = new RenderPool(native?.path ?? null, 2);
  afterAll(() => pool.close());

  it('makes notes in child processes, at most one per process at a time', async () => {
    const notes = await Promise.all([1, 2, 3, 4, 5].map((i) => pool.render('fr-fr', `Rappel numéro ${i}.`, 160)));
    for (const n of notes) expect(readOggOpusInfo(n.ogg!)?.channels).toBe(1);
    expect(pool.processes).toHaveLength(2);
    for (const p of pool.processes) expect(p.pid).not.toBe(process.pid);
  });

  it('fails the note of a process that dies (retryable) and replaces the process', async () => {
    await pool.render('en-us', 'Warm up.', 160);
    // Both processes idle: the next note goes to the first one, which dies before it can answer.
    const [victim] = pool.processes;
    const pending = pool.render('en-us', 'A sentence that never gets said.', 160).then(() => null, (e: Error) => e);
    victim.kill('SIGKILL');
    const error = await pending;
    expect(error).toBeInstanceOf(SpeechSynthesisError);
    expect(error).toMatchObject({ retryable: true });
    const after = await pool.render('en-us', 'Still here.', 160);
    expect(readOggOpusInfo(after.ogg!)?.channels).toBe(1);
    expect(pool.processes.map((p) => p.pid)).not.toContain(victim.pid);
  });
});
