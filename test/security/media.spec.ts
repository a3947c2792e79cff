import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectAudioContainer } from '../../bot/voice/audio-format';
import { AudioDecodeError } from '../../bot/voice/audio-decode.error';
import { FfmpegAudioConverter } from '../../bot/voice/ffmpeg-audio-converter';
import { encodeWith, toneWav } from '../voice/audio-fixtures';

jest.setTimeout(60_000);

/** Voice notes that are not voice notes (issue 10): ffmpeg must never fetch or read what they point at. */
describe('security: media handed to ffmpeg', () => {
  const converter = new FfmpegAudioConverter();
  let dir: string;
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.end('#EXTM3U\n');
  });
  let port = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sec-media-'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise((r) => server.close(r));
  });

  it('an HLS playlist sent as a voice note is refused, and nothing is fetched or read', async () => {
    const secret = join(dir, 'secret.ogg');
    writeFileSync(secret, encodeWith(toneWav(1, 1), 'ogg', ['-ac', '1', '-c:a', 'libopus']));
    const playlist = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nhttp://127.0.0.1:${port}/steal.ts\n#EXTINF:10,\nfile://${secret}\n#EXT-X-ENDLIST\n`);
    expect(detectAudioContainer(playlist)).toBeNull();
    await expect(converter.toOggOpusMono(playlist)).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(converter.probe(playlist)).rejects.toBeInstanceOf(AudioDecodeError);
    expect(hits).toBe(0);
  });

  it('an ffconcat list pointing at a local file is refused', async () => {
    const list = Buffer.from(`ffconcat version 1.0\nfile '/etc/passwd'\n`);
    await expect(converter.toOggOpusMono(list)).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('the accepted containers are told apart from their first bytes', () => {
    expect(detectAudioContainer(encodeWith(toneWav(1, 1), 'ogg', ['-c:a', 'libopus']))).toBe('ogg');
    expect(detectAudioContainer(toneWav(1, 1))).toBe('wav');
    expect(detectAudioContainer(encodeWith(toneWav(1, 1), 'webm', ['-c:a', 'libopus']))).toBe('webm');
    expect(detectAudioContainer(encodeWith(toneWav(1, 1), 'm4a', ['-c:a', 'aac']))).toBe('mp4');
    expect(detectAudioContainer(Buffer.from('#!AMR\n'))).toBe('amr');
    expect(detectAudioContainer(Buffer.from('ID3\u0004\u0000'))).toBe('mp3');
  });

  it('real voice notes still convert (WebM from a browser, M4A from an iPhone)', async () => {
    const webm = await converter.toOggOpusMono(encodeWith(toneWav(1, 2), 'webm', ['-c:a', 'libopus']));
    expect(webm.subarray(0, 4).toString('latin1')).toBe('OggS');
    const m4a = await converter.toOggOpusMono(encodeWith(toneWav(1, 1), 'm4a', ['-c:a', 'aac']));
    expect(m4a.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(existsSync(dir)).toBe(true);
  });
});
