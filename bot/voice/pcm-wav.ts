export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  dataBytes: number;
  durationSeconds: number;
}

/** Builds a 16-bit PCM WAV file around the given samples. */
export function encodePcmWav(samples: Int16Array, sampleRate: number, channels = 1): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(channels, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * channels * 2, 28);
  buf.writeUInt16LE(channels * 2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(samples[i], 44 + i * 2);
  return buf;
}

/**
 * Reads the format and length of a PCM WAV. eSpeak's WAV tells us the duration before
 * encoding, which lets the converter pick an Opus bitrate that fits in one pass.
 */
export function readWavInfo(buf: Buffer): WavInfo | null {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    return null;
  }
  let offset = 12;
  let fmt: { channels: number; sampleRate: number; bitsPerSample: number } | undefined;
  while (offset + 8 <= buf.length) {
    const id = buf.toString('ascii', offset, offset + 4);
    const size = buf.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= buf.length) {
      fmt = {
        channels: buf.readUInt16LE(body + 2),
        sampleRate: buf.readUInt32LE(body + 4),
        bitsPerSample: buf.readUInt16LE(body + 14),
      };
    } else if (id === 'data' && fmt) {
      // Streamed WAVs (and eSpeak before it closes the file) leave a placeholder size.
      const dataBytes = Math.min(size, buf.length - body);
      const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bitsPerSample / 8);
      return { ...fmt, dataBytes, durationSeconds: bytesPerSecond ? dataBytes / bytesPerSecond : 0 };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A sine tone as 16-bit samples: real audio for tests and benchmarks without any speech engine. */
export function sineSamples(seconds: number, sampleRate: number, frequency = 440, channels = 1): Int16Array {
  const frames = Math.round(seconds * sampleRate);
  const out = new Int16Array(frames * channels);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 12000);
    for (let c = 0; c < channels; c++) out[i * channels + c] = v;
  }
  return out;
}
