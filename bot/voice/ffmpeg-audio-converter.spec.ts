import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AudioDecodeError } from './audio-decode.error';
import { AudioLimitError } from './audio-limit.error';
import { existsSync } from 'node:fs';
import { resolveFfmpegPath } from './resolve-ffmpeg-path';
import { FfmpegAudioConverter } from './ffmpeg-audio-converter';
import { readOggOpusInfo } from './ogg-opus';
import { encodePcmWav, sineSamples } from './pcm-wav';

function opusHeadChannels(ogg: Buffer): number {
  const head = ogg.indexOf('OpusHead');
  return ogg[head + 9];
}

/** Encodes a WAV into another container with the same ffmpeg, to feed the converter what browsers and phones send. */
function reencode(converter: FfmpegAudioConverter, wav: Buffer, ext: string, codecArgs: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'voice-spec-'));
  try {
    writeFileSync(join(dir, 'in.wav'), wav);
    const out = join(dir, `out.${ext}`);
    const r = spawnSync(converter.ffmpeg.path, ['-hide_banner', '-nostdin', '-y', '-i', join(dir, 'in.wav'), ...codecArgs, out]);
    if (r.status !== 0) throw new Error(r.stderr.toString());
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('FfmpegAudioConverter', () => {
  const converter = new FfmpegAudioConverter();

  it('prefers the system ffmpeg on PATH, else the one shipped in the npm package', () => {
    expect(resolveFfmpegPath(undefined, { PATH: '/nonexistent' })).toMatchObject({ source: 'npm', path: expect.stringContaining('@ffmpeg-installer') });
    const onPath = resolveFfmpegPath(undefined, { PATH: '/usr/bin' });
    expect(onPath.source).toBe(existsSync('/usr/bin/ffmpeg') ? 'system' : 'npm');
  });

  it('turns a stereo 16 kHz WAV into mono 48 kHz Ogg/Opus of the same length', async () => {
    const wav = encodePcmWav(sineSamples(3, 16000, 440, 2), 16000, 2);
    const ogg = await converter.toOggOpusMono(wav);

    expect(ogg.subarray(0, 4).toString('ascii')).toBe('OggS');
    expect(opusHeadChannels(ogg)).toBe(1);
    const info = readOggOpusInfo(ogg);
    expect(info?.channels).toBe(1);
    expect(info?.durationSeconds).toBeCloseTo(3, 1);
    expect(ogg.length).toBeLessThan(512 * 1024);
  });

  it('probes codec, channels and duration without ffprobe', async () => {
    const wav = encodePcmWav(sineSamples(2, 22050, 440, 2), 22050, 2);
    await expect(converter.probe(wav)).resolves.toMatchObject({
      codec: 'pcm_s16le',
      channels: 2,
      sampleRate: 22050,
      container: 'wav',
      durationSeconds: 2,
    });
    const ogg = await converter.toOggOpusMono(wav);
    const probed = await converter.probe(ogg);
    expect(probed).toMatchObject({ codec: 'opus', channels: 1, container: 'ogg' });
    expect(probed.durationSeconds).toBeCloseTo(2, 1);
  });

  it('converts WebM/Opus (browser MediaRecorder) and M4A/AAC (iPhone) whose headers may lack a duration', async () => {
    const wav = encodePcmWav(sineSamples(2.5, 48000, 330, 2), 48000, 2);
    const webm = reencode(converter, wav, 'webm', ['-c:a', 'libopus']);
    const m4a = reencode(converter, wav, 'm4a', ['-c:a', 'aac']);
    for (const input of [webm, m4a]) {
      const ogg = await converter.toOggOpusMono(input);
      expect(opusHeadChannels(ogg)).toBe(1);
      expect(readOggOpusInfo(ogg)?.durationSeconds).toBeCloseTo(2.5, 0);
    }
    expect((await converter.probe(webm)).durationSeconds).toBeCloseTo(2.5, 0);
  });

  it('rejects bytes that are not audio with AudioDecodeError, for conversion and probing', async () => {
    const garbage = Buffer.from('this is not a voice note '.repeat(200));
    await expect(converter.toOggOpusMono(garbage)).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(converter.probe(garbage)).rejects.toBeInstanceOf(AudioDecodeError);
    await expect(converter.toOggOpusMono(Buffer.alloc(0))).rejects.toBeInstanceOf(AudioDecodeError);
  });

  it('rejects a truncated Ogg file with AudioDecodeError and leaves no error message pointing at temp files', async () => {
    const ogg = await converter.toOggOpusMono(encodePcmWav(sineSamples(1, 16000), 16000));
    const error = await converter.probe(ogg.subarray(0, 60)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(AudioDecodeError);
    expect((error as Error).message).not.toContain('rappel-voice-');
  });

  it('refuses an input over the size limit before running ffmpeg', async () => {
    const small = new FfmpegAudioConverter({ maxInputBytes: 1000, ffmpegPath: '/nonexistent/ffmpeg' });
    const error = await small.toOggOpusMono(Buffer.alloc(1001)).catch((e: Error) => e);
    expect(error).toBeInstanceOf(AudioLimitError);
    expect(error).toMatchObject({ limit: 'size', code: 'audio_too_large', actual: 1001, maximum: 1000 });
  });

  it('refuses audio longer than the duration limit, from the WAV header and from a decode', async () => {
    const short = new FfmpegAudioConverter({ maxDurationSeconds: 2 });
    const wav = encodePcmWav(sineSamples(3, 8000), 8000);
    await expect(short.toOggOpusMono(wav)).rejects.toMatchObject({ limit: 'duration', code: 'audio_too_long' });
    // WebM carries no duration in its header: the limit is found while decoding.
    const webm = reencode(converter, wav, 'webm', ['-c:a', 'libopus']);
    await expect(short.toOggOpusMono(webm)).rejects.toMatchObject({ limit: 'duration' });
  });

  it('lowers the bitrate so a long voice note stays under the output limit', async () => {
    const wav = encodePcmWav(sineSamples(60, 16000, 440), 16000);
    const maxOutputBytes = 64 * 1024;
    const ogg = await converter.toOggOpusMono(wav, { maxOutputBytes });
    expect(ogg.length).toBeLessThanOrEqual(maxOutputBytes);
    expect(readOggOpusInfo(ogg)?.durationSeconds).toBeCloseTo(60, 0);
    // The same minute at the default bitrate would not have fitted.
    const roomy = await converter.toOggOpusMono(wav, { maxOutputBytes: 10 * 1024 * 1024 });
    expect(roomy.length).toBeGreaterThan(maxOutputBytes);
  });

  it('reports a missing ffmpeg binary as a conversion error, not a decode error', async () => {
    const broken = new FfmpegAudioConverter({ ffmpegPath: '/nonexistent/ffmpeg' });
    const error = await broken.toOggOpusMono(encodePcmWav(sineSamples(0.5, 8000), 8000)).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'audio_conversion' });
  });
});
