import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePcmWav, sineSamples } from '../../bot/voice/pcm-wav';
import { resolveFfmpegPath } from '../../bot/voice/resolve-ffmpeg-path';

/** A short stereo tone as WAV: real audio without a speech engine. */
export function toneWav(seconds = 2, channels = 2): Buffer {
  return encodePcmWav(sineSamples(seconds, 48000, 440, channels), 48000, channels);
}

/** Encodes WAV bytes with the same npm ffmpeg into what other apps send (WebM, stereo Ogg...). */
export function encodeWith(wav: Buffer, extension: string, args: string[]): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'voice-fixture-'));
  try {
    writeFileSync(join(dir, 'in.wav'), wav);
    const out = join(dir, `out.${extension}`);
    const run = spawnSync(resolveFfmpegPath().path, ['-hide_banner', '-nostdin', '-y', '-i', join(dir, 'in.wav'), ...args, out]);
    if (run.status !== 0) throw new Error(run.stderr.toString());
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function opusHeadChannels(ogg: Buffer): number | undefined {
  if (ogg.subarray(0, 4).toString('ascii') !== 'OggS') return undefined;
  const head = ogg.indexOf('OpusHead');
  return head < 0 ? undefined : ogg[head + 9];
}
