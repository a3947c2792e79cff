export interface OggOpusInfo {
  channels: number;
  /** Sample rate of the audio before encoding, as OpusHead records it. */
  inputSampleRate: number;
  /** From the last page's granule position (Opus always counts at 48 kHz) minus pre-skip. */
  durationSeconds: number;
}

const OGG_MAGIC = Buffer.from('OggS', 'ascii');
const OPUS_HEAD = Buffer.from('OpusHead', 'ascii');

/**
 * Reads the OpusHead and the final granule position straight from the bytes. Checking an
 * Ogg/Opus result this way costs microseconds, where asking ffmpeg costs a process.
 * Returns null when the bytes are not Ogg with an Opus first stream.
 */
export function readOggOpusInfo(buf: Buffer): OggOpusInfo | null {
  if (buf.length < 47 || !buf.subarray(0, 4).equals(OGG_MAGIC)) return null;
  const segments = buf[26];
  const dataStart = 27 + segments;
  if (buf.length < dataStart + 19) return null;
  if (!buf.subarray(dataStart, dataStart + 8).equals(OPUS_HEAD)) return null;
  const channels = buf[dataStart + 9];
  const preSkip = buf.readUInt16LE(dataStart + 10);
  const inputSampleRate = buf.readUInt32LE(dataStart + 12);

  const lastPage = buf.lastIndexOf(OGG_MAGIC);
  let durationSeconds = 0;
  if (lastPage >= 0 && lastPage + 14 <= buf.length) {
    const granule = buf.readBigInt64LE(lastPage + 6);
    if (granule > 0n) durationSeconds = Math.max(0, Number(granule) - preSkip) / 48000;
  }
  return { channels, inputSampleRate, durationSeconds };
}
