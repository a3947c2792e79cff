import { lastStderrLine, parseFfmpegStderr } from './ffmpeg-stderr';

const WEBM_DECODE = `Input #0, matroska,webm, from 'input':
  Metadata:
    encoder         : Chrome
  Duration: N/A, start: 0.000000, bitrate: N/A
    Stream #0:0(eng): Audio: opus, 48000 Hz, stereo, fltp (default)
Stream mapping:
  Stream #0:0 -> #0:0 (opus (native) -> pcm_s16le (native))
Output #0, null, to 'pipe:':
    Stream #0:0(eng): Audio: pcm_s16le, 48000 Hz, mono, s16, 768 kb/s (default)
size=N/A time=00:00:01.20 bitrate=N/A speed= 600x
size=N/A time=00:00:07.46 bitrate=N/A speed= 812x
video:0kB audio:700kB subtitle:0kB other streams:0kB global headers:0kB muxing overhead: unknown`;

describe('parseFfmpegStderr', () => {
  it('reads the input stream, not the output one, and falls back to the decoded time without a header duration', () => {
    expect(parseFfmpegStderr(WEBM_DECODE)).toEqual({
      container: 'matroska,webm',
      codec: 'opus',
      sampleRate: 48000,
      channels: 2,
      decodedSeconds: 7.46,
      durationSeconds: 7.46,
    });
  });

  it('prefers the header duration and understands layouts and channel counts', () => {
    const m4a = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 130 kb/s
    Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, 5.1, fltp, 128 kb/s (default)`;
    expect(parseFfmpegStderr(m4a)).toMatchObject({ codec: 'aac', channels: 6, durationSeconds: 62.5, headerDuration: 62.5 });
    const amr = `Input #0, amr, from 'input':\n  Duration: 00:00:03.00\n    Stream #0:0: Audio: amr_nb, 8000 Hz, 3 channels, flt`;
    expect(parseFfmpegStderr(amr)).toMatchObject({ codec: 'amr_nb', channels: 3, sampleRate: 8000 });
  });

  it('finds no stream in an error', () => {
    const parsed = parseFfmpegStderr("input: Invalid data found when processing input");
    expect(parsed.codec).toBeUndefined();
    expect(lastStderrLine("a\ninput: Invalid data found when processing input\n")).toBe('input: Invalid data found when processing input');
  });
});
