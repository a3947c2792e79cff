import type { AudioProbe } from './audio-converter.port';

const CHANNEL_LAYOUTS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  '2.1': 3,
  '3.0': 3,
  quad: 4,
  '4.0': 4,
  '5.0': 5,
  '5.0(side)': 5,
  '5.1': 6,
  '5.1(side)': 6,
  '6.1': 7,
  '7.1': 8,
};

function toSeconds(hms: string): number {
  const [h, m, s] = hms.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * ffmpeg prints what it found in the input on stderr; parsing that replaces ffprobe, which the
 * npm package does not ship. Only the first input's first audio stream counts.
 * The duration is the header's when it has one; WebM from MediaRecorder has none ("N/A"), so
 * the position reached by a full decode (the last "time=") stands in.
 */
export function parseFfmpegStderr(stderr: string): Partial<AudioProbe> & { headerDuration?: number; decodedSeconds?: number } {
  const inputSection = stderr.split(/\nStream mapping:|\nOutput #0/)[0];
  const result: Partial<AudioProbe> & { headerDuration?: number; decodedSeconds?: number } = {};

  const container = /Input #0, ([^\s]+?), from/.exec(inputSection);
  if (container) result.container = container[1];

  const duration = /Duration: (\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(inputSection);
  if (duration) result.headerDuration = toSeconds(duration[1]);

  const stream = /Stream #0:\d+[^:]*: Audio: ([^\s,]+)[^\n]*/.exec(inputSection);
  if (stream) {
    result.codec = stream[1];
    const rate = /(\d+) Hz/.exec(stream[0]);
    if (rate) result.sampleRate = Number(rate[1]);
    const fields = stream[0].split(',').map((f) => f.trim());
    for (const f of fields) {
      if (f in CHANNEL_LAYOUTS) {
        result.channels = CHANNEL_LAYOUTS[f];
        break;
      }
      const n = /^(\d+) channels/.exec(f);
      if (n) {
        result.channels = Number(n[1]);
        break;
      }
    }
  }

  const times = [...stderr.matchAll(/time=\s*(\d+:\d{2}:\d{2}(?:\.\d+)?)/g)];
  if (times.length) result.decodedSeconds = toSeconds(times[times.length - 1][1]);

  result.durationSeconds = result.headerDuration ?? result.decodedSeconds;
  return result;
}

/** The last meaningful line of ffmpeg's complaint, for error messages. */
export function lastStderrLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('size=') && !l.startsWith('video:'));
  return lines[lines.length - 1] ?? 'ffmpeg failed';
}
