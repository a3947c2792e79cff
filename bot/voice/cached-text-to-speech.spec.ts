import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CachedTextToSpeech } from './cached-text-to-speech';
import type { TextToSpeech } from './text-to-speech.port';
import type { VoiceLanguage } from './voice-language';

/** Counts calls and returns distinct bytes per call, so a second synthesis would show. */
class CountingTts implements TextToSpeech {
  calls: Array<[string, VoiceLanguage]> = [];
  constructor(readonly engine = 'counting') {}
  async synthesize(text: string, language: VoiceLanguage): Promise<Buffer> {
    this.calls.push([text, language]);
    await new Promise((r) => setTimeout(r, 5));
    return Buffer.from(`${this.engine}|${language}|${text}|call ${this.calls.length}`);
  }
}

describe('CachedTextToSpeech', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tts-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('returns the same bytes for the same text and language without synthesising again', async () => {
    const inner = new CountingTts();
    const tts = new CachedTextToSpeech(inner);
    const first = await tts.synthesize('Appeler Marie', 'fr');
    const again = await tts.synthesize('Appeler  Marie ', 'fr');
    expect(again.equals(first)).toBe(true);
    expect(inner.calls).toHaveLength(1);
  });

  it('keys on language and text', async () => {
    const inner = new CountingTts();
    const tts = new CachedTextToSpeech(inner);
    await tts.synthesize('Marie', 'fr');
    await tts.synthesize('Marie', 'en');
    await tts.synthesize('Paul', 'fr');
    expect(inner.calls).toHaveLength(3);
  });

  it('shares one synthesis between concurrent identical requests (a retry racing the original)', async () => {
    const inner = new CountingTts();
    const tts = new CachedTextToSpeech(inner);
    const [a, b] = await Promise.all([tts.synthesize('Rappel', 'fr'), tts.synthesize('Rappel', 'fr')]);
    expect(a.equals(b)).toBe(true);
    expect(inner.calls).toHaveLength(1);
  });

  it('survives a restart through the disk cache, and keys on the engine', async () => {
    const before = new CountingTts('engine-a');
    const first = await new CachedTextToSpeech(before, { directory: dir }).synthesize('Dentiste', 'fr');
    expect(readdirSync(dir).filter((f) => f.endsWith('.ogg'))).toHaveLength(1);

    const afterRestart = new CountingTts('engine-a');
    const again = await new CachedTextToSpeech(afterRestart, { directory: dir }).synthesize('Dentiste', 'fr');
    expect(again.equals(first)).toBe(true);
    expect(afterRestart.calls).toHaveLength(0);

    const otherEngine = new CountingTts('engine-b');
    await new CachedTextToSpeech(otherEngine, { directory: dir }).synthesize('Dentiste', 'fr');
    expect(otherEngine.calls).toHaveLength(1);
  });

  it('does not cache failures', async () => {
    let fail = true;
    const inner: TextToSpeech = {
      engine: 'flaky',
      synthesize: async () => {
        if (fail) throw new Error('down');
        return Buffer.from('ok');
      },
    };
    const tts = new CachedTextToSpeech(inner);
    await expect(tts.synthesize('x', 'en')).rejects.toThrow('down');
    fail = false;
    await expect(tts.synthesize('x', 'en')).resolves.toEqual(Buffer.from('ok'));
  });

  it('keeps working in memory when the cache directory cannot be used', async () => {
    const inner = new CountingTts();
    // A directory path that runs through a regular file: unusable even for root.
    writeFileSync(join(dir, 'not-a-directory'), 'x');
    const tts = new CachedTextToSpeech(inner, { directory: join(dir, 'not-a-directory', 'voice-cache') });
    await tts.synthesize('Rappel', 'fr');
    await tts.synthesize('Rappel', 'fr');
    expect(inner.calls).toHaveLength(1);
  });
});
