import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeWith, toneWav } from '../voice/audio-fixtures';

/** Polls until `probe` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value as T;
    } catch (e) {
      last = e;
    }
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A mono Ogg/Opus "voice note" as the apps send them. */
export function voiceNote(): Buffer {
  return encodeWith(toneWav(2, 1), 'ogg', ['-ac', '1', '-c:a', 'libopus', '-b:a', '24k']);
}

/** A stereo Ogg/Opus answer, as a speech service might return: delivery must make it mono. */
export function stereoSpeech(): Buffer {
  return encodeWith(toneWav(1, 2), 'ogg', ['-ac', '2', '-c:a', 'libopus']);
}

export function opusHeadChannels(ogg: Buffer): number | undefined {
  if (ogg.subarray(0, 4).toString('ascii') !== 'OggS') return undefined;
  const head = ogg.indexOf('OpusHead');
  return head < 0 ? undefined : ogg[head + 9];
}

/** codec and channels as the system's ffprobe reads them, or null when there is no ffprobe. */
export function ffprobe(audio: Buffer): { codec: string; channels: number } | null {
  const which = spawnSync('sh', ['-c', 'command -v ffprobe']);
  if (which.status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'probe-'));
  try {
    const file = join(dir, 'a.ogg');
    writeFileSync(file, audio);
    const run = spawnSync('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,channels', '-of', 'json', file]);
    const stream = JSON.parse(run.stdout.toString()).streams[0];
    return { codec: stream.codec_name, channels: stream.channels };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
